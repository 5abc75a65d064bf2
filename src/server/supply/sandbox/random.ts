/**
 * Deterministic randomness for the sandbox world: the same key always yields the same sequence,
 * so the same query returns the same flights on every run and on every server process.
 */

/** FNV-1a 32-bit hash of a text key. */
export function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A mulberry32 generator seeded from a key: `next()` returns floats in [0, 1). */
export function seededRandom(key: string) {
  let state = hashKey(key);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

/** A single deterministic float in [0, 1) for a key. */
export function unitFor(key: string): number {
  return seededRandom(key).next();
}
