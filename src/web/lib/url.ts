import { z } from 'zod';

/** Optional query text: blank means absent (`?token=` is no token), and nothing here ever throws. */
export const optionalQueryText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()
  .catch(undefined);
