/**
 * Unique visitors estimated from HyperLogLog registers (decision 076). The registers are written by the
 * database (migration 0038: 16,384 per hour and action, a visitor's 64-bit hash giving the register and
 * its rank); here they are merged across the hours of a window and read as a count.
 *
 * The estimator is Otmar Ertl's improved raw estimator ("New cardinality estimation algorithms for
 * HyperLogLog sketches", 2017, algorithm 6): unbiased from one visitor to billions with no empirical
 * bias tables, standard error 1.04/sqrt(16384) = 0.8%. No maintained package reads registers written by
 * another program, so it is these few lines, tested against known counts.
 */

/** Registers per hour and action (2^14, migration 0038). */
export const VISITOR_REGISTERS = 16_384;
/** Hash bits left after the register's index: ranks run from 1 to RANK_BITS + 1 (0: register unused). */
const RANK_BITS = 50;

/** The registers of several hours as one: each the highest rank any of them saw. */
export function mergeRegisters(hours: Iterable<Uint8Array>): Uint8Array {
  const merged = new Uint8Array(VISITOR_REGISTERS);
  for (const registers of hours) {
    if (registers.length !== VISITOR_REGISTERS)
      throw new Error(`visitor registers of ${registers.length} bytes, ${VISITOR_REGISTERS} expected`);
    for (let i = 0; i < VISITOR_REGISTERS; i++) if (registers[i] > merged[i]) merged[i] = registers[i];
  }
  return merged;
}

/** σ(x) of the paper: the contribution of the unused registers (x: their share). */
function sigma(x: number): number {
  if (x === 1) return Number.POSITIVE_INFINITY;
  let y = 1;
  let z = x;
  for (;;) {
    x *= x;
    const before = z;
    z += x * y;
    y += y;
    if (z === before) return z;
  }
}

/** τ(x) of the paper: the contribution of the saturated registers (x: 1 - their share). */
function tau(x: number): number {
  if (x === 0 || x === 1) return 0;
  let y = 1;
  let z = 1 - x;
  for (;;) {
    x = Math.sqrt(x);
    const before = z;
    y *= 0.5;
    z -= (1 - x) ** 2 * y;
    if (z === before) return z / 3;
  }
}

/** The number of distinct visitors the registers have seen, estimated (0 for none). */
export function estimateDistinct(registers: Uint8Array): number {
  const m = registers.length;
  const counts = new Array<number>(RANK_BITS + 2).fill(0);
  for (const rank of registers) counts[Math.min(rank, RANK_BITS + 1)]++;
  let z = m * tau(1 - counts[RANK_BITS + 1] / m);
  for (let k = RANK_BITS; k >= 1; k--) z = 0.5 * (z + counts[k]);
  z += m * sigma(counts[0] / m);
  return Math.round((m * m) / (2 * Math.LN2) / z);
}
