/**
 * The agents' app's offline check with real Ed25519 keys made by WebCrypto, signed as the server signs
 * (contract encodeTicketPayload, the signature over the payload's ASCII): a good ticket verifies, one
 * altered character, another key or an unknown kid is forged, then the refunded list, the date and
 * this device's own claims.
 */
import { encodeTicketPayload, type TicketFacts, toBase64url } from '@rome/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeOffline, type PublicKey, verifySignedTicket } from './verify';

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

const ctx = (over: Partial<Parameters<typeof judgeOffline>[1]> = {}) => ({
  keys: [k1.pub],
  refunded: new Set<string>(),
  today: '2026-12-01',
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
    expect((await judgeOffline(signed, ctx({ refunded: new Set(['u-abc123']) }))).result).toBe('refunded');
    expect((await judgeOffline(signed, ctx({ today: '2026-12-02' }))).result).toBe('wrong_date');
    const again = await judgeOffline(signed, ctx({ claimedHere: () => '2026-12-01T08:00:00.000Z' }));
    expect(again.result).toBe('already_claimed');
    expect(again.claimedAt).toBe('2026-12-01T08:00:00.000Z');
  });

  it('an open-dated pass is for any day', async () => {
    const pass = await k1.sign({ ...facts, date: null, slot: null });
    expect((await judgeOffline(pass, ctx({ today: '2027-01-15' }))).result).toBe('valid');
  });
});
