/**
 * The agents' app's offline check with real Ed25519 keys made by WebCrypto, signed as the server signs
 * (contract encodeTicketPayload, the signature over the payload's ASCII): a good ticket verifies, one
 * altered character, another key or an unknown kid is forged, then the refunded list, the date and
 * this device's own claims.
 */
import { encodeTicketPayload, fromBase64url, type TicketFacts, toBase64url } from '@rome/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  judgeOffline,
  listFromLabel,
  type PublicKey,
  REFUNDED_MAX_AGE_H,
  type RefundedLists,
  refundedDays,
  refundedListWarning,
  verifySignedTicket,
} from './verify';

const facts: TicketFacts = {
  kid: 'k1',
  uniqueId: 'u-abc123',
  packageTag: 'COL-1',
  date: '2026-12-01',
  slot: '09:30',
  adults: 2,
  youths: 1,
  infants: 0,
};

async function makeKey(kid: string) {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const pub: PublicKey = { kid, jwk: { kty: 'OKP', crv: 'Ed25519', x: jwk.x! } };
  const sign = async (f: TicketFacts) => {
    const payload = encodeTicketPayload(f);
    const sig = await crypto.subtle.sign(
      { name: 'Ed25519' },
      pair.privateKey,
      new TextEncoder().encode(payload),
    );
    return `${payload}.${toBase64url(new Uint8Array(sig))}`;
  };
  return { pub, sign };
}

let k1: Awaited<ReturnType<typeof makeKey>>;
let other: Awaited<ReturnType<typeof makeKey>>;
let signed: string;

beforeAll(async () => {
  k1 = await makeKey('k1');
  other = await makeKey('k1');
  signed = await k1.sign(facts);
});

/** Lists downloaded at 10:00 Rome on 1 Dec 2026 (winter: UTC+1), for that day and the next. */
const lists = (over: Partial<RefundedLists> = {}): RefundedLists => ({
  days: { '2026-12-01': [], '2026-12-02': [] },
  fetchedAt: '2026-12-01T09:00:00.000Z',
  ...over,
});

const ctx = (over: Partial<Parameters<typeof judgeOffline>[1]> = {}) => ({
  keys: [k1.pub],
  refunded: lists(),
  at: new Date('2026-12-01T11:00:00Z'),
  claimedHere: () => null,
  ...over,
});

describe('verifySignedTicket', () => {
  it("answers the facts of a ticket signed with one of the device's keys", async () => {
    expect(await verifySignedTicket(signed, [k1.pub])).toEqual(facts);
  });

  it('refuses every single altered character of the payload and of the signature', async () => {
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < signed.length; i++) {
      if (signed[i] === '.') continue;
      const swapped = B64[(B64.indexOf(signed[i]) + 1) % 64];
      const altered = signed.slice(0, i) + swapped + signed.slice(i + 1);
      expect(await verifySignedTicket(altered, [k1.pub]), `character ${i}`).toBeNull();
    }
  });

  it('refuses a ticket signed by another key under the same kid, and an unknown kid', async () => {
    expect(await verifySignedTicket(await other.sign(facts), [k1.pub])).toBeNull();
    expect(await verifySignedTicket(await k1.sign({ ...facts, kid: 'k9' }), [k1.pub])).toBeNull();
    expect(await verifySignedTicket(signed, [])).toBeNull();
  });

  it('takes a key rotated in: each ticket verifies under the key its kid names', async () => {
    const k2 = await makeKey('k2');
    const newer = await k2.sign({ ...facts, kid: 'k2', uniqueId: 'u-2' });
    expect((await verifySignedTicket(newer, [k1.pub, k2.pub]))?.uniqueId).toBe('u-2');
    expect((await verifySignedTicket(signed, [k1.pub, k2.pub]))?.uniqueId).toBe('u-abc123');
  });
});

describe('judgeOffline', () => {
  it("reads the QR's claim link with the signed ticket in its fragment: valid", async () => {
    const scan = `https://shop.example/verify/Zk3n8QpL2vX9aB7cD4eF/#t=${signed}`;
    const v = await judgeOffline(scan, ctx());
    expect(v.result).toBe('valid');
    expect(v.facts?.youths).toBe(1);
  });

  it('forged when one character of the link is altered, even with a good claim code', async () => {
    const scan = `https://shop.example/verify/Zk3n8QpL2vX9aB7cD4eF/#t=${signed.slice(0, 5)}${signed[5] === 'A' ? 'B' : 'A'}${signed.slice(6)}`;
    expect((await judgeOffline(scan, ctx())).result).toBe('forged');
  });

  it('an old ticket (a claim link with no signature) cannot be checked offline', async () => {
    const v = await judgeOffline('https://shop.example/verify/Zk3n8QpL2vX9aB7cD4eF/', ctx());
    expect(v.result).toBe('unknown');
    expect(v.message).toMatch(/online/);
  });

  it('refunded, then wrong date, then already claimed on this device, in that order', async () => {
    const refunded = lists({ days: { '2026-12-01': ['u-abc123'], '2026-12-02': [] } });
    expect((await judgeOffline(signed, ctx({ refunded }))).result).toBe('refunded');
    expect((await judgeOffline(signed, ctx({ at: new Date('2026-12-02T11:00:00Z') }))).result).toBe(
      'wrong_date',
    );
    const again = await judgeOffline(signed, ctx({ claimedHere: () => '2026-12-01T08:00:00.000Z' }));
    expect(again.result).toBe('already_claimed');
    expect(again.claimedAt).toBe('2026-12-01T08:00:00.000Z');
  });

  it("an operator's agent: another operator's ticket is not for its door, before anything else", async () => {
    const refunded = lists({ days: { '2026-12-01': ['u-abc123'], '2026-12-02': [] } });
    const other = await judgeOffline(signed, ctx({ refunded, packageTags: ['ILR-24', 'ILR-48'] }));
    expect(other.result).toBe('other_operator');
    expect(other.message).toBe("Another operator's ticket: not for this door.");
    const own = await judgeOffline(signed, ctx({ packageTags: [facts.packageTag] }));
    expect(own.result).toBe('valid');
    // The shop's own agent (no list): every ticket.
    expect((await judgeOffline(signed, ctx({ packageTags: null }))).result).toBe('valid');
  });

  it('an open-dated pass is for any day', async () => {
    const pass = await k1.sign({ ...facts, date: null, slot: null });
    const v = await judgeOffline(pass, ctx({ at: new Date('2027-01-15T11:00:00Z') }));
    expect(v.result).toBe('valid');
    // Valid, but the list is weeks old and is not that day's: the result says so.
    expect(v.warning).toMatch(/does not cover Fri, 15 Jan 2027/);
  });
});

describe('pass window offline (payload version 2)', () => {
  const paidAt = Date.parse('2026-01-01T10:00:00Z');
  const pass: TicketFacts = {
    ...facts,
    uniqueId: 'u-pass',
    date: null,
    slot: null,
    availabilityType: 'PASS',
    paidAt,
    validityDays: 30,
  };

  it("a pass past its window is refused offline with the online screen's outcome and words", async () => {
    const expired = await judgeOffline(await k1.sign(pass), ctx());
    expect(expired.result).toBe('expired');
    expect(expired.message).toBe('This pass was not used in time and has expired.');
    expect(expired.facts?.uniqueId).toBe('u-pass');
  });

  it('a pass within its window is valid, up to the millisecond the server allows', async () => {
    const signedPass = await k1.sign(pass);
    const last = new Date(paidAt + 30 * 86_400_000);
    const listsThen = lists({ days: { '2026-01-31': [] }, fetchedAt: '2026-01-31T08:00:00.000Z' });
    const within = await judgeOffline(signedPass, ctx({ at: last, refunded: listsThen }));
    expect(within.result).toBe('valid');
    expect(within.warning).toBeNull();
    const after = new Date(last.getTime() + 1);
    expect((await judgeOffline(signedPass, ctx({ at: after, refunded: listsThen }))).result).toBe('expired');
  });

  it('the window is signed: a pass made longer keeps no signature', async () => {
    const signedPass = await k1.sign(pass);
    const longer = `${encodeTicketPayload({ ...pass, validityDays: 3650 })}.${signedPass.split('.')[1]}`;
    expect((await judgeOffline(longer, ctx())).result).toBe('forged');
  });

  it('an old payload (version 1, no window) still verifies and is judged as before', async () => {
    const old = { ...facts, uniqueId: 'u-old', date: null, slot: null };
    const v1 = await k1.sign(old);
    expect(new TextDecoder().decode(fromBase64url(v1.split('.')[0])!)).toMatch(/^\[1,/);
    expect(await verifySignedTicket(v1, [k1.pub])).toEqual(old);
    // Years after: an old pass carries no window, the server judges it at the upload.
    expect((await judgeOffline(v1, ctx({ at: new Date('2029-01-01T10:00:00Z') }))).result).toBe('valid');
  });
});

describe('a changed ticket (decision 034)', () => {
  const changedFacts = { ...facts, availabilityType: 'START_TIME', paidAt: 1, validityDays: null };

  it('a QR of an earlier revision is refused offline; the current one passes', async () => {
    const first = await k1.sign(changedFacts);
    const current = await k1.sign({ ...changedFacts, adults: 1, revision: 2 });
    expect(new TextDecoder().decode(fromBase64url(current.split('.')[0])!)).toMatch(/^\[3,.*,2\]$/);
    const refunded = lists({ changed: { 'u-abc123': 2 } });
    const old = await judgeOffline(first, ctx({ refunded }));
    expect(old).toMatchObject({
      result: 'replaced',
      message: 'This ticket was changed: ask for its new voucher.',
    });
    expect(
      (await judgeOffline(await k1.sign({ ...changedFacts, revision: 1 }), ctx({ refunded }))).result,
    ).toBe('replaced');
    expect((await judgeOffline(current, ctx({ refunded }))).result).toBe('valid');
    // A list without the change (downloaded before it) still lets the old one pass: the sync reports it.
    expect((await judgeOffline(first, ctx())).result).toBe('valid');
  });

  it('the revision is signed: raising it keeps no signature', async () => {
    const first = await k1.sign({ ...changedFacts, revision: 1 });
    const raised = `${encodeTicketPayload({ ...changedFacts, revision: 2 })}.${first.split('.')[1]}`;
    expect(
      (await judgeOffline(raised, ctx({ refunded: lists({ changed: { 'u-abc123': 2 } }) }))).result,
    ).toBe('forged');
  });
});

describe('offline past midnight (Rome)', () => {
  it('a download covers Rome today and tomorrow, by the moment it is made', () => {
    // 23:30 Rome on 1 Dec is 22:30 UTC: still the 1st in Rome.
    expect(refundedDays(new Date('2026-12-01T22:30:00Z'))).toEqual(['2026-12-01', '2026-12-02']);
    // 00:30 Rome on 2 Dec is 23:30 UTC on the 1st.
    expect(refundedDays(new Date('2026-12-01T23:30:00Z'))).toEqual(['2026-12-02', '2026-12-03']);
    // Across the month and year end.
    expect(refundedDays(new Date('2026-12-31T12:00:00Z'))).toEqual(['2026-12-31', '2027-01-01']);
  });

  it("judges by the scan's Rome date, not the date the list was downloaded", async () => {
    // Gone offline at 23:00 Rome on 1 Dec with both days' lists; tomorrow's ticket was refunded.
    const tomorrowsTicket = await k1.sign({ ...facts, uniqueId: 'u-tomorrow', date: '2026-12-02' });
    const refunded = lists({
      days: { '2026-12-01': [], '2026-12-02': ['u-tomorrow'] },
      fetchedAt: '2026-12-01T22:00:00.000Z',
    });
    const before = new Date('2026-12-01T22:59:59Z'); // 23:59:59 Rome, 1 Dec
    const after = new Date('2026-12-01T23:00:01Z'); // 00:00:01 Rome, 2 Dec
    expect((await judgeOffline(signed, ctx({ refunded, at: before }))).result).toBe('valid');
    expect((await judgeOffline(signed, ctx({ refunded, at: after }))).result).toBe('wrong_date');
    expect((await judgeOffline(tomorrowsTicket, ctx({ refunded, at: before }))).result).toBe('wrong_date');
    expect((await judgeOffline(tomorrowsTicket, ctx({ refunded, at: after }))).result).toBe('refunded');
    const fresh = await k1.sign({ ...facts, uniqueId: 'u-fresh', date: '2026-12-02' });
    const v = await judgeOffline(fresh, ctx({ refunded, at: after }));
    expect(v.result).toBe('valid');
    expect(v.warning).toBeNull();
  });

  it('on the night summer time ends, midnight Rome is 22:00 UTC, and the next one 23:00 UTC', async () => {
    // Sat 24 -> Sun 25 Oct 2026: clocks go back at 03:00 on the 25th.
    const refunded = lists({
      days: { '2026-10-24': [], '2026-10-25': ['u-sunday'] },
      fetchedAt: '2026-10-24T20:00:00.000Z', // 22:00 Rome (summer time)
    });
    const saturday = await k1.sign({ ...facts, uniqueId: 'u-sat', date: '2026-10-24' });
    const sunday = await k1.sign({ ...facts, uniqueId: 'u-sunday', date: '2026-10-25' });
    const judge = async (t: string, iso: string) =>
      (await judgeOffline(t, ctx({ refunded, at: new Date(iso) }))).result;
    expect(await judge(saturday, '2026-10-24T21:59:59Z')).toBe('valid'); // 23:59:59 CEST
    expect(await judge(saturday, '2026-10-24T22:00:00Z')).toBe('wrong_date'); // 00:00 CEST, Sunday
    expect(await judge(sunday, '2026-10-24T22:00:00Z')).toBe('refunded');
    // The 25th lasts 25 hours: 23:30 UTC is still Sunday in Rome, 00:30 CET on Monday is not.
    expect(await judge(sunday, '2026-10-25T22:30:00Z')).toBe('refunded');
    const monday = await judgeOffline(sunday, ctx({ refunded, at: new Date('2026-10-25T23:30:00Z') }));
    expect(monday.result).toBe('wrong_date');
  });

  it('says how old the list is, and warns past the limit or with no list for the day', () => {
    const list = lists({ fetchedAt: '2026-12-01T22:05:00.000Z' }); // 23:05 Rome, 1 Dec
    expect(listFromLabel(list, new Date('2026-12-01T22:30:00Z'))).toBe('list from 23:05');
    expect(listFromLabel(list, new Date('2026-12-01T23:30:00Z'))).toBe('list from Tue, 1 Dec 2026, 23:05');
    expect(refundedListWarning(list, new Date('2026-12-02T10:00:00Z'))).toBeNull();
    expect(refundedListWarning(null, new Date())).toMatch(/No refunded list/);
    // The day after tomorrow is not covered.
    expect(refundedListWarning(list, new Date('2026-12-03T10:00:00Z'))).toMatch(
      /does not cover Thu, 3 Dec 2026/,
    );
    // Covered, but older than the limit.
    const old = lists({ fetchedAt: '2026-11-30T23:00:00.000Z' });
    const late = new Date(Date.parse(old.fetchedAt) + (REFUNDED_MAX_AGE_H + 1) * 3_600_000);
    expect(refundedListWarning(old, late)).toMatch(/37 h old/);
    expect(refundedListWarning(old, new Date(Date.parse(old.fetchedAt) + 3_600_000))).toBeNull();
  });

  it('a valid ticket judged with an old list still says so on the result', async () => {
    const old = lists({
      days: { '2026-12-01': [], '2026-12-02': [] },
      fetchedAt: '2026-11-30T09:00:00.000Z',
    });
    const v = await judgeOffline(signed, ctx({ refunded: old, at: new Date('2026-12-01T22:00:00Z') }));
    expect(v.result).toBe('valid');
    expect(v.warning).toMatch(/h old/);
  });
});
