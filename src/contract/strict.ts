import { z } from 'zod';

/**
 * The same schema with every object in it strict, however deep: a key the contract does not name is
 * refused (`unrecognized_keys`) instead of silently dropped or, for loose objects, kept. Refinements,
 * defaults, transforms and metadata are kept. For data that is stored as sent (the session parts), so
 * nothing the contract does not describe (a card number, say) can ride along.
 */
export function strictDeep<T extends z.ZodType>(schema: T): T {
  return strictOf(schema, new WeakMap()) as T;
}


function strictOf(schema: z.ZodType, done: WeakMap<z.ZodType, z.ZodType>): z.ZodType {
  const known = done.get(schema);
  if (known) return known;
  const inner = (part: unknown) => strictOf(part as z.ZodType, done);
  const def = schema.def as unknown as Record<string, unknown> & { type: string };
  let next: Record<string, unknown> | null = null;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      next = { ...def, shape: Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, inner(value)])), catchall: z.never() };
      break;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      next = { ...def, innerType: inner(def.innerType) };
      break;
    case 'array':
      next = { ...def, element: inner(def.element) };
      break;
    case 'union':
      next = { ...def, options: (def.options as z.ZodType[]).map(inner) };
      break;
    case 'intersection':
      next = { ...def, left: inner(def.left), right: inner(def.right) };
      break;
    case 'pipe':
      next = { ...def, in: inner(def.in), out: inner(def.out) };
      break;
    case 'record':
    case 'map':
    case 'set':
      next = { ...def, valueType: inner(def.valueType) };
      break;
    case 'tuple':
      next = { ...def, items: (def.items as z.ZodType[]).map(inner), rest: def.rest ? inner(def.rest) : def.rest };
      break;
    case 'lazy': {
      const getter = def.getter as () => z.ZodType;
      const strict = z.lazy(() => inner(getter()));
      done.set(schema, strict);
      return strict;
    }
    case 'any':
    case 'unknown':
      throw new Error('strictDeep: an any/unknown value cannot be made strict; give it a shape');
    default:
      // Scalars, enums, literals, transforms: nothing to make strict.
      done.set(schema, schema);
      return schema;
  }
  const strict = schema.clone(next as never, { parent: true });
  done.set(schema, strict);
  return strict;
}
