/**
 * Deterministic randomness: every simulated figure is a pure function of (seed, entity, time), so two
 * simulator processes agree and a restart changes no history. cyrb53 is a fast, well-mixed 53-bit
 * string hash; it is not cryptographic and does not need to be.
 */
export function hash53(text: string, salt = 0): number {
  let h1 = 0xdeadbeef ^ salt;
  let h2 = 0x41c6ce57 ^ salt;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A uniform number in [0, 1) for the given key. */
export function uniform(key: string): number {
  return hash53(key) / 9007199254740992;
}

/** A small seeded PRNG (mulberry32) for drawing many numbers from one key. */
export function prng(key: string): () => number {
  let a = hash53(key) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal from a PRNG (Box-Muller). */
export function gaussian(next: () => number): number {
  const u = Math.max(next(), 1e-12);
  const v = next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Deterministic bytes, for addresses and hashes. */
export function bytes(key: string, length: number): Uint8Array {
  const next = prng(key);
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = Math.floor(next() * 256);
  return out;
}

export function pick<T>(items: readonly T[], r: number): T {
  const item = items[Math.min(items.length - 1, Math.floor(r * items.length))];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
