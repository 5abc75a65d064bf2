import { z } from 'zod';

/** Optional query text: blank means absent (`?token=` is no token), and nothing here ever throws. */
export const optionalQueryText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()
  .catch(undefined);

/** Adds a query value (none when unset) to an in-app address that may already have a query string. */
export function withQueryValue(url: string, key: string, value: string | undefined): string {
  if (!value) return url;
  const [path, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.set(key, value);
  return `${path}?${params}`;
}
