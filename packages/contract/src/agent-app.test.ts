import { describe, expect, it } from 'vitest';
import {
  decodeTicketPayload,
  encodeTicketPayload,
  fromBase64url,
  passExpired,
  readScan,
  type TicketFacts,
  ticketQrText,
  ticketWindowResult,
  toBase64url,
  windowOfFacts,
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
/** The payloads here are ASCII JSON (no TextEncoder in the contract's types). */
const asciiBytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

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
    // '[2,"k"]': a version with the wrong length.
    for (const bad of ['', 'not base64!', 'WzIsImsiXQ']) expect(decodeTicketPayload(bad)).toBeNull();
    const wrongCount = encodeTicketPayload({ ...facts, adults: -1 });
    expect(decodeTicketPayload(wrongCount)).toBeNull();
    const asJson = (a: unknown[]) => toBase64url(asciiBytes(JSON.stringify(a)));
    const v1 = ['k', 'u', 'BB-24', null, null, 1, 0, 0];
    expect(decodeTicketPayload(asJson([3, ...v1, null, null, null]))).toBeNull();
    expect(decodeTicketPayload(asJson([1, ...v1, null, null, null]))).toBeNull();
    expect(decodeTicketPayload(asJson([2, ...v1]))).toBeNull();
    expect(decodeTicketPayload(asJson([2, ...v1, 'PASS', '2026-12-01', 365]))).toBeNull();
    expect(decodeTicketPayload(asJson([2, ...v1, 'PASS', 1.5, 365]))).toBeNull();
    expect(decodeTicketPayload(asJson([2, ...v1, 'PASS', 1, -1]))).toBeNull();
    expect(decodeTicketPayload(asJson([2, ...v1, 'PASS', 1, 365]))).toMatchObject({
      paidAt: 1,
      validityDays: 365,
    });
  });

  it('version 2 carries the pass window; version 1 (tickets sold before) still decodes, with none', () => {
    const pass: TicketFacts = {
      ...facts,
      date: null,
      slot: null,
      availabilityType: 'PASS',
      paidAt: Date.UTC(2026, 0, 1, 10),
      validityDays: 365,
    };
    const v2 = encodeTicketPayload(pass);
    expect(String.fromCharCode(...fromBase64url(v2)!)).toMatch(/^\[2,.*,"PASS",\d+,365\]$/);
    expect(decodeTicketPayload(v2)).toEqual(pass);
    const v1 = encodeTicketPayload(facts);
    expect(String.fromCharCode(...fromBase64url(v1)!)).toMatch(/^\[1,/);
    const old = decodeTicketPayload(v1)!;
    expect(old).toEqual(facts);
    expect(windowOfFacts(old)).toEqual({
      date: '2026-12-01',
      paidAt: null,
      availabilityType: null,
      validityDays: null,
    });
  });

  it('version 4 carries the price categories, so the door sees the proof offline too', () => {
    const sold: TicketFacts = {
      ...facts,
      availabilityType: 'START_TIME',
      paidAt: Date.UTC(2026, 0, 1, 10),
      validityDays: null,
      extras: [
        { key: 'disabled', count: 1 },
        { key: 'carer', count: 1 },
      ],
    };
    const v4 = encodeTicketPayload(sold);
    expect(String.fromCharCode(...fromBase64url(v4)!)).toMatch(/,0,\[\["disabled",1\],\["carer",1\]\]\]$/);
    expect(decodeTicketPayload(v4)).toEqual(sold);
    // With a revision too; and without categories a ticket stays version 2 or 3.
    expect(decodeTicketPayload(encodeTicketPayload({ ...sold, revision: 2 }))).toEqual({
      ...sold,
      revision: 2,
    });
    expect(String.fromCharCode(...fromBase64url(encodeTicketPayload({ ...sold, extras: [] }))!)).toMatch(
      /^\[2,/,
    );
    // Unknown kinds, a kind twice, counts out of range and a version 3 of revision 0 are refused.
    const asJson = (a: unknown[]) => toBase64url(asciiBytes(JSON.stringify(a)));
    const v2 = ['k', 'u', 'BB-24', null, null, 1, 0, 0, 'START_TIME', 1, null];
    for (const extras of [
      [],
      [['student', 1]],
      [
        ['carer', 1],
        ['carer', 1],
      ],
      [['family', 0]],
      [['family', 51]],
      [['family', 1.5]],
      'family',
    ])
      expect(decodeTicketPayload(asJson([4, ...v2, 0, extras])), JSON.stringify(extras)).toBeNull();
    expect(decodeTicketPayload(asJson([3, ...v2, 0]))).toBeNull();
    expect(decodeTicketPayload(asJson([4, ...v2, 0, [['family', 1]]]))).toMatchObject({
      extras: [{ key: 'family', count: 1 }],
    });
  });
});

describe('the window rule (server and device alike)', () => {
  const paidAt = new Date('2026-01-01T10:00:00Z');
  it('a pass expires validityDays after its payment, to the millisecond; other tickets never do', () => {
    const end = paidAt.getTime() + 365 * 86_400_000;
    expect(passExpired(paidAt, 'PASS', 365, new Date(end))).toBe(false);
    expect(passExpired(paidAt, 'PASS', 365, new Date(end + 1))).toBe(true);
    expect(passExpired(paidAt, 'DATE', 365, new Date(end + 1))).toBe(false);
    expect(passExpired(null, 'PASS', 365, new Date(end + 1))).toBe(false);
    expect(passExpired(paidAt, 'PASS', null, new Date(end + 1))).toBe(false);
  });

  it("expired before wrong date; the date is Rome's date of the moment", () => {
    const w = { date: null, paidAt, availabilityType: 'PASS', validityDays: 1 };
    expect(ticketWindowResult(w, new Date('2026-01-02T09:00:00Z'))).toBeNull();
    expect(ticketWindowResult(w, new Date('2026-01-02T10:00:01Z'))).toBe('expired');
    const dated = { date: '2026-12-01', paidAt, availabilityType: null, validityDays: null };
    expect(ticketWindowResult(dated, new Date('2026-11-30T22:59:59Z'))).toBe('wrong_date');
    expect(ticketWindowResult(dated, new Date('2026-11-30T23:00:00Z'))).toBeNull(); // 00:00 Rome
    expect(ticketWindowResult(dated, new Date('2026-12-01T23:00:00Z'))).toBe('wrong_date');
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
