/**
 * The pass builders with real crypto: a throwaway certificate chain and RSA key made by openssl
 * (testing.ts), the .pkpass unzipped, its manifest hashes and PKCS#7 signature checked by openssl, and
 * the Google save link's JWT verified with the public key.
 */
import { createHash } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { appleWalletPass } from './apple';
import { GOOGLE_SAVE_URL, googleWalletJwt, googleWalletSaveUrl } from './google';
import { walletAvailability } from './service';
import { makeTestWallet, type TestWallet, unzip, verifyPass } from './testing';
import type { WalletTicket } from './ticket';

const CLAIM = 'https://shop.example/verify/Q2xhaW1Db2RlT2ZUaGVUaWNrZXQx/';

/** Summer time: 08:00 UTC on the first day of summer time 2027 is 10:00 in Rome. */
const timed: WalletTicket = {
  unique_id: '5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
  package_title: 'Colosseum Timed Entry',
  package_tag: 'COL-TIMED',
  operator: 'Colosseum Tours',
  starts_at: '2027-03-28T08:00:00.000Z',
  selected_date: null,
  adults: 2,
  youths: 1,
  infants: 1,
  qr_payload: CLAIM,
  meeting_point: 'Piazza del Colosseo, by the metro exit',
  validity: 'Timed entry: please arrive 15 minutes before your time (Rome time).',
  status: 'paid',
  claimed: false,
};

let w: TestWallet;
beforeAll(() => {
  w = makeTestWallet();
});

describe('Apple Wallet pass', () => {
  it('is a zip whose manifest lists the SHA-1 of every file, signed by the pass certificate', async () => {
    const files = await unzip(await appleWalletPass(w.apple, timed));
    expect(Object.keys(files).sort()).toEqual(
      [
        'icon.png',
        'icon@2x.png',
        'icon@3x.png',
        'logo.png',
        'logo@2x.png',
        'logo@3x.png',
        'manifest.json',
        'pass.json',
        'signature',
      ].sort(),
    );
    const manifest = JSON.parse(files['manifest.json'].toString('utf8')) as Record<string, string>;
    const listed = Object.keys(files).filter((n) => n !== 'manifest.json' && n !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(listed.sort());
    for (const name of listed)
      expect(manifest[name], name).toBe(createHash('sha1').update(files[name]).digest('hex'));
    expect(() => verifyPass(files, w.caPath)).not.toThrow();
    // The icon is the shop's mark at Apple's size.
    expect(await sharp(files['icon@2x.png']).metadata()).toMatchObject({
      format: 'png',
      width: 58,
      height: 58,
    });
  });

  it('fails verification when the manifest is altered, or when another CA is trusted', async () => {
    const files = await unzip(await appleWalletPass(w.apple, timed));
    const manifest = JSON.parse(files['manifest.json'].toString('utf8')) as Record<string, string>;
    manifest['pass.json'] = createHash('sha1').update('a forged pass.json').digest('hex');
    const tampered = { ...files, 'manifest.json': Buffer.from(JSON.stringify(manifest)) };
    expect(() => verifyPass(tampered, w.caPath)).toThrow();
    const other = makeTestWallet();
    expect(() => verifyPass(files, other.caPath)).toThrow();
  });

  it('carries the package, operator, Rome date and time, the counts and the QR payload', async () => {
    const files = await unzip(await appleWalletPass(w.apple, timed));
    const pass = JSON.parse(files['pass.json'].toString('utf8'));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.example.rome',
      teamIdentifier: 'TEAM123456',
      serialNumber: timed.unique_id,
      organizationName: 'Rome Bus Tickets',
      relevantDate: '2027-03-28T08:00:00.000Z',
    });
    expect(pass.voided).toBeUndefined();
    const fields = (list: { key: string; value: unknown; label?: string }[]) =>
      Object.fromEntries(list.map((f) => [f.key, f.value]));
    const ticket = pass.eventTicket;
    expect(ticket.primaryFields[0]).toMatchObject({
      label: 'Colosseum Tours',
      value: 'Colosseum Timed Entry',
    });
    expect(fields(ticket.secondaryFields)).toEqual({ date: 'Sun, 28 Mar 2027', time: '10:00' });
    expect(fields(ticket.auxiliaryFields)).toEqual({ adults: 2, youths: 1, infants: 1, order: '5F0C-1A2B' });
    expect(fields(ticket.headerFields)).toEqual({ status: 'Valid' });
    expect(fields(ticket.backFields)).toMatchObject({
      operator: 'Colosseum Tours',
      visit: 'Sun, 28 Mar 2027, 10:00',
      tickets: '2 adults, 1 youth, 1 child (free)',
      meeting: 'Piazza del Colosseo, by the metro exit',
      validity: timed.validity,
    });
    expect(pass.barcodes[0]).toMatchObject({
      format: 'PKBarcodeFormatQR',
      message: CLAIM,
      altText: '5F0C-1A2B',
    });
  });

  it('writes winter time, a dated day without a time, an open pass and a refund as such', async () => {
    const read = async (t: WalletTicket) =>
      JSON.parse((await unzip(await appleWalletPass(w.apple, t)))['pass.json'].toString('utf8'));
    const winter = await read({ ...timed, starts_at: '2026-11-26T20:00:00.000Z' });
    expect(winter.eventTicket.secondaryFields.map((f: { value: string }) => f.value)).toEqual([
      'Thu, 26 Nov 2026',
      '21:00',
    ]);
    const day = await read({ ...timed, starts_at: null, selected_date: '2027-07-01' });
    expect(day.eventTicket.secondaryFields).toEqual([
      { key: 'date', label: 'DATE (ROME)', value: 'Thu, 1 Jul 2027' },
    ]);
    // 08:00 in Rome (summer time) is 06:00 UTC.
    expect(day.relevantDate).toBe('2027-07-01T06:00:00.000Z');
    const open = await read({ ...timed, starts_at: null, selected_date: null, meeting_point: null });
    expect(open.eventTicket.secondaryFields[0].value).toBe('Open-dated');
    expect(open.relevantDate).toBeUndefined();
    const refunded = await read({ ...timed, status: 'refunded' });
    expect(refunded.voided).toBe(true);
    expect(refunded.eventTicket.headerFields[0].value).toBe('Refunded');
  });

  it('is refused by a wrong key passphrase', async () => {
    await expect(
      appleWalletPass(
        { ...w.apple, signerKeyPath: w.apple.signerKeyPath, signerKeyPassphrase: 'wrong' },
        {
          ...timed,
          unique_id: 'another-order',
        },
      ),
    ).rejects.toThrow();
  });
});

describe('Google Wallet save link', () => {
  it('is pay.google.com/gp/v/save/<JWT> signed RS256 by the service account', async () => {
    const url = await googleWalletSaveUrl(w.google, timed, 'https://shop.example');
    expect(url.startsWith(GOOGLE_SAVE_URL)).toBe(true);
    const jwt = url.slice(GOOGLE_SAVE_URL.length);
    const key = await importSPKI(w.googlePublicKeyPem, 'RS256');
    const { payload, protectedHeader } = await jwtVerify(jwt, key, {
      issuer: 'wallet@rome-test.iam.gserviceaccount.com',
      audience: 'google',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: ['https://shop.example'] });
    expect(typeof payload.iat).toBe('number');
    const body = payload.payload as {
      eventTicketClasses: Record<string, unknown>[];
      eventTicketObjects: Record<string, any>[];
    };
    const classId = '3388000000012345678.rome-tickets-COL-TIMED';
    expect(body.eventTicketClasses).toEqual([
      expect.objectContaining({
        id: classId,
        issuerName: 'Rome Bus Tickets',
        reviewStatus: 'UNDER_REVIEW',
        eventName: { defaultValue: { language: 'en', value: 'Colosseum Timed Entry' } },
      }),
    ]);
    expect(body.eventTicketObjects).toHaveLength(1);
    const object = body.eventTicketObjects[0];
    expect(object).toMatchObject({
      id: '3388000000012345678.5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
      classId,
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: CLAIM, alternateText: '5F0C-1A2B' },
      ticketNumber: '5F0C-1A2B',
      ticketType: { defaultValue: { language: 'en', value: '2 adults, 1 youth, 1 child (free)' } },
      validTimeInterval: { start: { date: '2027-03-28T10:00:00+02:00' } },
    });
    expect(object.id).toMatch(/^3388000000012345678\.[\w.-]+$/);
    const modules = Object.fromEntries(
      (object.textModulesData as { id: string; body: string }[]).map((m) => [m.id, m.body]),
    );
    expect(modules).toMatchObject({
      operator: 'Colosseum Tours',
      when: 'Sun, 28 Mar 2027, 10:00',
      meeting: 'Piazza del Colosseo, by the metro exit',
      status: 'Valid',
    });
  });

  it('signs as well with a JSON key file; a refunded ticket is INACTIVE', async () => {
    const jwt = await googleWalletJwt(
      w.googleFromJson,
      { ...timed, status: 'refunded' },
      'https://shop.example',
    );
    const { payload } = await jwtVerify(jwt, await importSPKI(w.googlePublicKeyPem, 'RS256'));
    const body = payload.payload as { eventTicketObjects: { state: string; classId: string }[] };
    expect(body.eventTicketObjects[0]).toMatchObject({
      state: 'INACTIVE',
      classId: '3388000000012345678.rome-tickets-COL-TIMED',
    });
  });

  it('fails verification when one character of the JWT is altered, or with another key', async () => {
    const jwt = await googleWalletJwt(w.google, timed, 'https://shop.example');
    const key = await importSPKI(w.googlePublicKeyPem, 'RS256');
    const [header, payload, signature] = jwt.split('.');
    const i = Math.floor(payload.length / 2);
    const altered = `${header}.${payload.slice(0, i)}${payload[i] === 'A' ? 'B' : 'A'}${payload.slice(i + 1)}.${signature}`;
    await expect(jwtVerify(altered, key)).rejects.toThrow();
    const j = Math.floor(signature.length / 2);
    const badSignature = `${header}.${payload}.${signature.slice(0, j)}${signature[j] === 'A' ? 'B' : 'A'}${signature.slice(j + 1)}`;
    await expect(jwtVerify(badSignature, key)).rejects.toThrow();
    const other = makeTestWallet();
    await expect(jwtVerify(jwt, await importSPKI(other.googlePublicKeyPem, 'RS256'))).rejects.toThrow();
  });
});

describe('a pass in the order language (issue #20)', () => {
  const italian: WalletTicket = {
    ...timed,
    locale: 'it',
    validity: 'Ingresso a orario: arriva 15 minuti prima del tuo orario (ora di Roma).',
  };
  const labelsAndValues = (list: { key: string; label: string; value: unknown }[]) =>
    Object.fromEntries(list.map((f) => [f.key, [f.label, f.value]]));

  it('Apple: labels, date, status and counts in Italian; names and the reference as they are', async () => {
    const files = await unzip(await appleWalletPass(w.apple, italian));
    expect(() => verifyPass(files, w.caPath)).not.toThrow();
    const ticket = JSON.parse(files['pass.json'].toString('utf8')).eventTicket;
    expect(labelsAndValues(ticket.headerFields)).toEqual({ status: ['STATO', 'Valido'] });
    expect(ticket.primaryFields[0]).toMatchObject({
      label: 'Colosseum Tours',
      value: 'Colosseum Timed Entry',
    });
    expect(labelsAndValues(ticket.secondaryFields)).toEqual({
      date: ['DATA (ROMA)', 'dom 28 mar 2027'],
      time: ['ORA (ROMA)', '10:00'],
    });
    expect(labelsAndValues(ticket.auxiliaryFields)).toEqual({
      adults: ['ADULTI', 2],
      youths: ['RAGAZZI', 1],
      infants: ['BAMBINI (GRATIS)', 1],
      order: ['ORDINE', '5F0C-1A2B'],
    });
    expect(labelsAndValues(ticket.backFields)).toMatchObject({
      operator: ['Operatore', 'Colosseum Tours'],
      visit: ['Quando (ora di Roma)', 'dom 28 mar 2027, 10:00'],
      tickets: ['Biglietti', '2 adulti, 1 ragazzo, 1 bambino (gratis)'],
      validity: ['Validità', italian.validity],
      meeting: ["Punto d'incontro", timed.meeting_point],
      reference: ['Riferimento ordine', '5F0C-1A2B'],
      terms: [
        'Come si usa',
        "Mostra il codice QR a un agente. Gli orari sono nell'ora di Roma. Rome Bus Tickets.",
      ],
    });
    const open = JSON.parse(
      (await unzip(await appleWalletPass(w.apple, { ...italian, starts_at: null, status: 'refunded' })))[
        'pass.json'
      ].toString('utf8'),
    );
    expect(open.eventTicket.secondaryFields[0].value).toBe('Data aperta');
    expect(open.eventTicket.headerFields[0].value).toBe('Rimborsato');
  });

  it('Google: the object marked Italian, its modules and ticket type in Italian', async () => {
    const jwt = await googleWalletJwt(w.google, { ...italian, claimed: true }, 'https://shop.example');
    const { payload } = await jwtVerify(jwt, await importSPKI(w.googlePublicKeyPem, 'RS256'));
    const object = (payload.payload as { eventTicketObjects: Record<string, any>[] }).eventTicketObjects[0];
    expect(object.ticketType).toEqual({
      defaultValue: { language: 'it', value: '2 adulti, 1 ragazzo, 1 bambino (gratis)' },
    });
    expect(
      Object.fromEntries(
        (object.textModulesData as { id: string; header: string; body: string }[]).map((m) => [
          m.id,
          [m.header, m.body],
        ]),
      ),
    ).toEqual({
      operator: ['Operatore', 'Colosseum Tours'],
      when: ['Quando (ora di Roma)', 'dom 28 mar 2027, 10:00'],
      validity: ['Validità', italian.validity],
      meeting: ["Punto d'incontro", timed.meeting_point],
      status: ['Stato', 'Utilizzato'],
    });
  });
});

describe('configuration', () => {
  it('offers no wallet without settings, and each one with all of its settings', () => {
    expect(walletAvailability(loadConfig({ NODE_ENV: 'test' }, { jwtSecret: 'x'.repeat(32) }))).toEqual({
      apple: false,
      google: false,
    });
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        APPLE_WALLET_PASS_TYPE_ID: w.apple.passTypeId,
        APPLE_WALLET_TEAM_ID: w.apple.teamId,
        APPLE_WALLET_CERT: w.apple.signerCertPath,
        APPLE_WALLET_KEY: w.apple.signerKeyPath,
        APPLE_WALLET_KEY_PASSPHRASE: 'pass-secret',
        APPLE_WALLET_WWDR_CERT: w.apple.wwdrCertPath,
        GOOGLE_WALLET_ISSUER_ID: w.google.issuerId,
        GOOGLE_WALLET_CLASS_ID: 'rome-tickets',
        GOOGLE_WALLET_KEY_FILE: w.googleFromJson.keyFilePath,
      },
      { jwtSecret: 'x'.repeat(32) },
    );
    expect(walletAvailability(config)).toEqual({ apple: true, google: true });
    expect(config.wallet.apple).toEqual(w.apple);
  });

  it('refuses to start half configured or with a missing file', () => {
    const base = { NODE_ENV: 'test' as const };
    const opts = { jwtSecret: 'x'.repeat(32) };
    expect(() => loadConfig({ ...base, APPLE_WALLET_PASS_TYPE_ID: 'pass.x' }, opts)).toThrow(
      /APPLE_WALLET_TEAM_ID, APPLE_WALLET_CERT, APPLE_WALLET_KEY, APPLE_WALLET_WWDR_CERT/,
    );
    expect(() =>
      loadConfig({ ...base, GOOGLE_WALLET_ISSUER_ID: '1', GOOGLE_WALLET_CLASS_ID: 'c' }, opts),
    ).toThrow(/GOOGLE_WALLET_KEY_FILE/);
    expect(() =>
      loadConfig(
        {
          ...base,
          GOOGLE_WALLET_ISSUER_ID: '1',
          GOOGLE_WALLET_CLASS_ID: 'c',
          GOOGLE_WALLET_KEY_FILE: '/nonexistent/key.json',
        },
        opts,
      ),
    ).toThrow(/GOOGLE_WALLET_KEY_FILE: no file/);
  });
});
