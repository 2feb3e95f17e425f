/** A seeded random source, so a failing run can be replayed with RELIABILITY_SEED=<seed>. */
export type Random = { seed: number; next(): number; between(min: number, max: number): number };

export function createRandom(seedText = process.env.RELIABILITY_SEED): Random {
  const seed = seedText ? Number(seedText) >>> 0 : Math.floor(Math.random() * 2 ** 32);
  // mulberry32: tiny, fast and good enough to pick moments and sizes.
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return { seed, next, between: (min, max) => min + Math.floor(next() * (max - min + 1)) };
}
