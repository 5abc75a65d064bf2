import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogParts, type ChunkOfBundle } from '../../scripts/route-catalogs.ts';
import { routeKeyOfModule } from '../../src/contract/catalog-index.ts';
import { routeKeyOf } from '../../src/web/i18n.ts';

/** A built chunk naming the given message ids as the minified app does (template literals, quotes). */
const chunk = (fileName: string, ids: string[], links: Partial<ChunkOfBundle> = {}): ChunkOfBundle => ({
  fileName,
  code: ids.map((id, index) => (index % 2 ? `i18n._({id:"${id}"})` : `o({id:\`${id}\`})`)).join(';'),
  imports: [],
  dynamicImports: [],
  facadeModuleId: null,
  isEntry: false,
  ...links,
});
const route = (file: string) => `/app/src/web/routes/${file}.tsx?tsr-split=component`;

describe('catalog parts (issue 15: each page loads the messages its code names)', () => {
  const ids = ['layout', 'menu', 'lazyRoot', 'homeTitle', 'results', 'filters', 'shared', 'checkout', 'cardForm', 'unused'];
  const chunks = [
    chunk('initial.js', ['layout'], { isEntry: true, imports: ['runtime.js'], dynamicImports: ['menu.js', 'home.js', 'results.js', 'checkout.js', 'es.js'] }),
    chunk('runtime.js', []),
    // Lazy from the entry, not a route: every page may load it, so its messages are common.
    chunk('menu.js', ['menu'], { dynamicImports: ['menu-extra.js'] }),
    chunk('menu-extra.js', ['lazyRoot']),
    chunk('home.js', ['homeTitle', 'layout'], { facadeModuleId: route('index'), imports: ['initial.js'] }),
    chunk('results.js', ['results'], { facadeModuleId: route('$origin.$destination.$dateFrom.$adults.$children.$infants'), imports: ['shared.js', 'initial.js'], dynamicImports: ['filters.js'] }),
    chunk('filters.js', ['filters']),
    chunk('shared.js', ['shared']),
    // A route that imports another route's piece (a link preloading it) does not take on its messages.
    chunk('checkout.js', ['checkout'], { facadeModuleId: route('checkout.$id'), imports: ['shared.js'], dynamicImports: ['card.js', 'results.js'] }),
    chunk('card.js', ['cardForm']),
    // The whole catalog names every id: never read as code.
    chunk('es.js', ids, { facadeModuleId: '/app/src/web/locales/es/messages.po' }),
  ];
  const { common, routes } = catalogParts(chunks, ids);

  it('puts the entry’s messages and those of what it loads lazily (routes aside) in the common part', () => {
    expect([...common].sort()).toEqual(['layout', 'lazyRoot', 'menu']);
  });

  it('gives each route the messages of its pieces and everything they load, statically or lazily, that the common part lacks', () => {
    expect(Object.fromEntries([...routes].map(([key, part]) => [key, [...part].sort()]))).toEqual({
      index: ['homeTitle'],
      '$origin.$destination.$dateFrom.$adults.$children.$infants': ['filters', 'results', 'shared'],
      'checkout.$id': ['cardForm', 'checkout', 'shared'],
    });
  });

  it('reads an id only as a whole string literal', () => {
    const { common: found } = catalogParts([chunk('initial.js', [], { isEntry: true, code: 'const a="xlayoutx",b=`menu`' })], ids);
    expect([...found]).toEqual(['menu']);
  });

  it('keys a route by its file’s name, for every split piece of it', () => {
    expect(routeKeyOfModule('/app/src/web/routes/b.checkout.$id.tsx?tsr-split=component')).toBe('b.checkout.$id');
    expect(routeKeyOfModule('/app/src/web/routes/book.confirmation.$id.tsx?tsr-split=errorComponent')).toBe('book.confirmation.$id');
    expect(routeKeyOfModule('src/web/routes/index.tsx?tsr-split=component')).toBe('index');
    expect(routeKeyOfModule('/app/src/web/routes/-components/NotFoundPage.tsx')).toBeNull();
    expect(routeKeyOfModule(null)).toBeNull();
  });
});

describe('route keys at run time (issue 15)', () => {
  // The root route asks for a navigation's parts by route id; the build keys them by route file. Every
  // route file and its id, as the generated route tree pairs them.
  const routeTree = readFileSync(new URL('../../src/web/routeTree.gen.ts', import.meta.url), 'utf8');
  const fileOf = new Map([...routeTree.matchAll(/^import \{ Route as (\w+)Import \} from '\.\/routes\/([^']+)'$/gm)].map((match) => [match[1], match[2]]));
  const routes = [...routeTree.matchAll(/^const \w+ =\s+(\w+)Import\.update\(\{\s+id: '([^']+)',/gm)].map((match) => ({ id: match[2] as string, file: fileOf.get(match[1] as string) }));

  it('reads every route’s file name from its id', () => {
    // Every route file but the root's (which has no part of its own) has an id.
    expect(routes).toHaveLength(fileOf.size - 1);
    expect(routes.map(({ id }) => [id, routeKeyOf(id)])).toEqual(routes.map(({ id, file }) => [id, file]));
  });
});
