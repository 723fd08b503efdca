/** Seeded pseudo-random numbers (mulberry32), so a fault run can be repeated with its printed seed. */

/** A generator of numbers in [0, 1) from `seed`. */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of this run: `BRM_FAULT_SEED` when set, else one from the clock. */
export function runSeed(): number {
  const given = Number(process.env.BRM_FAULT_SEED);
  return Number.isInteger(given) && given > 0 ? given : Date.now() % 2_147_483_647;
}
