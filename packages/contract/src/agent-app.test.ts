import { describe, expect, it } from 'vitest';
import {
  decodeTicketPayload,
  encodeTicketPayload,
  fromBase64url,
  readScan,
  type TicketFacts,
  ticketQrText,
  toBase64url,
} from './agent-app';

const facts: TicketFacts = {
  kid: 'k20261201-abc123',
  uniqueId: 'k3Jd9sQm2LxP',
  packageTag: 'BB-24',
  date: '2026-12-01',
  slot: '09:30',
  adults: 2,
  youths: 1,
  infants: 0,
};
const SIG = 'A'.repeat(86);

describe('signed ticket payload', () => {
  it('round-trips, and base64url is canonical', () => {
    expect(toBase64url(Uint8Array.from([251, 255, 0]))).toBe('-_8A');
    expect(decodeTicketPayload(encodeTicketPayload(facts))).toEqual(facts);
    for (const n of [0, 1, 2, 3, 4, 5, 64]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + 11) & 255);
      const text = toBase64url(bytes);
      expect(fromBase64url(text)).toEqual(bytes);
    }
    // Non-zero left-over bits would decode to the same bytes as another text: refused.
    expect(fromBase64url('AB')).toBeNull();
    expect(fromBase64url('A=')).toBeNull();
  });

  it('refuses payloads that are not tickets', () => {
    // '[2,"k"]': another version.
    for (const bad of ['', 'not base64!', 'WzIsImsiXQ']) expect(decodeTicketPayload(bad)).toBeNull();
    const wrongCount = encodeTicketPayload({ ...facts, adults: -1 });
    expect(decodeTicketPayload(wrongCount)).toBeNull();
  });
});

describe('readScan', () => {
  const signed = `${encodeTicketPayload(facts)}.${SIG}`;
  it('reads a new QR, an old link, a typed code and a bare signed ticket', () => {
    const qr = ticketQrText('https://shop.example', 'Zk3n8QpL2vX9aB7cD4eF', signed);
    expect(qr).toBe(`https://shop.example/verify/Zk3n8QpL2vX9aB7cD4eF/#t=${signed}`);
    expect(readScan(qr)).toEqual({ signed, code: 'Zk3n8QpL2vX9aB7cD4eF' });
    expect(readScan('https://shop.example/verify/Zk3n8QpL2vX9aB7cD4eF/')).toEqual({
      signed: null,
      code: 'Zk3n8QpL2vX9aB7cD4eF',
    });
    expect(readScan(' Zk3n8QpL2vX9aB7cD4eF ')).toEqual({ signed: null, code: 'Zk3n8QpL2vX9aB7cD4eF' });
    expect(readScan(signed)).toEqual({ signed, code: null });
    expect(readScan('hello')).toEqual({ signed: null, code: null });
  });
});
