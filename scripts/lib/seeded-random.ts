/**
 * A fixed-seed generator in [0, 1): the same numbers every run (ANSI C's LCG, modulo 2^31), its
 * product taken with Math.imul. Written as `state * 1_103_515_245` in plain numbers, the product
 * passed 2^53 and lost its low bits: the sequence fell into a cycle of 10,466 values, so 2,000,000
 * seeded items were some thousand rows repeated (found 2026-11-26; benchmark figures before then
 * were measured on that data).
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) & 0x7fffffff;
    return state / 2 ** 31;
  };
}
