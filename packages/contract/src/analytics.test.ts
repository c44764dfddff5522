import { describe, expect, it } from 'vitest';
import { utf8Length } from './analytics.schema';

// The contract is type-checked without DOM or Node types; the test runs in Node, which has TextEncoder.
const encoder = new (globalThis as any).TextEncoder();

describe('utf8Length', () => {
  it('counts bytes as TextEncoder does, for every width and a lone surrogate', () => {
    for (const s of ['', 'abc', 'città', '€20', 'Roma 🚌', '\ud800x', 'a'.repeat(5000)])
      expect(utf8Length(s), s).toBe(encoder.encode(s).length);
  });
});
