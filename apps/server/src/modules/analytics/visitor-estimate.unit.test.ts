import { describe, expect, it } from 'vitest';
import { estimateDistinct, mergeRegisters, VISITOR_REGISTERS } from './visitor-estimate';

/** mulberry32: a seeded 32-bit generator, so that every run sees the same "visitors". */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const ctz = (x: number) => 31 - Math.clz32(x & -x);

/**
 * Registers as migration 0038 writes them, from `n` distinct 64-bit hashes: the low 14 bits pick the
 * register, the rank is 1 + the trailing zeros of the other 50 (51 when all are zero).
 */
function registersOf(n: number, seed: number): Uint8Array {
  const next = generator(seed);
  const registers = new Uint8Array(VISITOR_REGISTERS);
  for (let i = 0; i < n; i++) {
    const lo = next();
    const hi = next();
    const low18 = lo >>> 14;
    const zeros = low18 !== 0 ? ctz(low18) : hi !== 0 ? 18 + ctz(hi) : 50;
    const reg = lo & (VISITOR_REGISTERS - 1);
    registers[reg] = Math.max(registers[reg], zeros + 1);
  }
  return registers;
}

describe('estimateDistinct', () => {
  it('reads no visitors as none and a few as their number', () => {
    expect(estimateDistinct(new Uint8Array(VISITOR_REGISTERS))).toBe(0);
    for (const n of [1, 2, 5, 10]) expect(estimateDistinct(registersOf(n, n))).toBe(n);
    // Twenty visitors: two may share a register (about one chance in eighty), and read as one.
    expect(Math.abs(estimateDistinct(registersOf(20, 20)) - 20)).toBeLessThanOrEqual(1);
  });

  it('estimates within 2.5% (3 standard errors) from a hundred visitors to ten million', () => {
    for (const [n, seed] of [
      [100, 1],
      [3_000, 2],
      [12_000, 3],
      [40_000, 4],
      [250_000, 5],
      [2_000_000, 6],
      [10_000_000, 7],
    ]) {
      const estimate = estimateDistinct(registersOf(n, seed));
      expect(Math.abs(estimate - n) / n, `${n} visitors estimated as ${estimate}`).toBeLessThan(0.025);
    }
  });
});

describe('mergeRegisters', () => {
  it('gives the registers of the visitors of all the hours together', () => {
    const a = registersOf(5_000, 11);
    const b = registersOf(7_000, 12);
    const merged = mergeRegisters([a, b]);
    for (let i = 0; i < VISITOR_REGISTERS; i++) expect(merged[i]).toBe(Math.max(a[i], b[i]));
    const estimate = estimateDistinct(merged);
    expect(Math.abs(estimate - 12_000) / 12_000).toBeLessThan(0.025);
    expect(mergeRegisters([])).toEqual(new Uint8Array(VISITOR_REGISTERS));
  });

  it('refuses registers of another size', () => {
    expect(() => mergeRegisters([new Uint8Array(10)])).toThrow(/16384 expected/);
  });
});
