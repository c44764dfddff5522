/**
 * The ticket's QR picture leaves the payment (issue #22): the payment draws nothing and keeps only
 * what the QR says (`ticket_qr_sources`, in its one statement); the SVG and PNG are drawn on first use
 * (the e-mail's sender, the spec's `qr_code` download, the link page, the PDF, the wallet), decode to
 * the ticket's claim link, are kept, and the source row goes. Through the HTTP API and a real SMTP
 * server.
 */
import { orderReference } from '@rome/contract';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketQrSources } from '../../db/schema';
import { apiCaller } from '../../test/api';
import { openCheckout, payTestCheckout } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { plain, smtpServer } from '../../test/smtp';
import { createUser, type TestUser } from '../../test/users';
import { hashClaimCode } from './ticket-issue';
import { matrixPng, matrixSvg, qrMatrix, qrSourceKey, ticketQrPng } from './ticket-qr';

const smtp = smtpServer();
let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
const api = apiCaller(() => t.app);

beforeAll(async () => {
  const port = await smtp.listen();
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  buyer = await createUser(t.app, t.db, { name: 'Quinn QR' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function pay() {
  const session = await openCheckout(t.app, buyer, { adult_count: '1', youth_count: '0' });
  // The mail sender is held back, so what the payment itself stored can be seen.
  t.app.mailer.stop();
  return (await payTestCheckout(t.app, t.db, buyer, session)).order;
}

const sourceRows = (key: string) =>
  t.db.select().from(ticketQrSources).where(eq(ticketQrSources.fileKey, key));

/** The text a PNG's QR decodes to. */
async function decode(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)
    ?.data;
}

/** The ticket e-mail of the order, once the sender has sent it. */
async function ticketMailOf(uniqueId: string) {
  const reference = orderReference(uniqueId);
  for (let i = 0; i < 100; i++) {
    const hit = smtp.received.find(
      (m) => plain(m.raw).includes(reference) && m.raw.includes('ticket_qr_code.png'),
    );
    if (hit) return hit;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ticket e-mail for ${reference}`);
}

const claimCodeOf = (text: string | undefined) => /\/verify\/([A-Za-z0-9_-]+)\//.exec(text ?? '')?.[1];

describe("the ticket's QR picture", () => {
  it('the payment draws nothing; the spec download draws it once, and it decodes to the claim link', async () => {
    const order = await pay();
    const key = order.qrFileKey!;
    expect(key).toMatch(/\.png$/);
    expect(await t.app.storage.get(key)).toBeNull();
    expect(await t.app.storage.get(qrSourceKey(key))).toBeNull();
    const [source] = await sourceRows(key);
    expect(source.qrText).toContain('/verify/');

    // The purchase history's qr_code (spec: the QR image's file) answers a PNG that reads right.
    const history = await api('GET', '/api/dashboard/', buyer);
    expect(history.statusCode, history.body).toBe(200);
    const url: string = history
      .json()
      .data.find((d: { unique_id: string }) => d.unique_id === order.uniqueId).qr_code;
    const first = await t.app.inject({ url: new URL(url, 'http://x').pathname });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    // One grey channel, no alpha: the PDF embeds it as it is instead of decoding every pixel.
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ channels: 1, hasAlpha: false });
    const text = await decode(first.rawPayload);
    expect(text).toContain('/verify/');
    expect(hashClaimCode(claimCodeOf(text)!)).toBe(order.claimCodeHash);
    // Kept, the SVG beside it, and the text no longer waits in the table: the second answer is the
    // stored file, byte for byte.
    expect(await t.app.storage.get(key)).not.toBeNull();
    expect(await t.app.storage.get(qrSourceKey(key))).not.toBeNull();
    expect(await sourceRows(key)).toEqual([]);
    const second = await t.app.inject({ url: new URL(url, 'http://x').pathname });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('the e-mail sender makes it after the payment and sends it inline as ticket_qr_code.png', async () => {
    const order = await pay();
    expect(await t.app.storage.get(order.qrFileKey!)).toBeNull();
    t.app.mailer.start();
    const mail = await ticketMailOf(order.uniqueId);
    const part = /filename=ticket_qr_code\.png[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw);
    expect(part, 'the QR attachment').not.toBeNull();
    const png = Buffer.from(part![1].replace(/\s/g, ''), 'base64');
    expect(hashClaimCode(claimCodeOf(await decode(png))!)).toBe(order.claimCodeHash);
    expect(await t.app.storage.get(order.qrFileKey!)).not.toBeNull();
    expect(await sourceRows(order.qrFileKey!)).toEqual([]);
  });

  it('a ticket paid before the sources table (its SVG kept, no PNG) still gets its PNG', async () => {
    const order = await pay();
    const key = order.qrFileKey!;
    const png = (await ticketQrPng(t.app, key))!;
    // As the earlier payments left it: the SVG only.
    await t.app.storage.delete(key);
    expect(await t.app.storage.get(key)).toBeNull();
    const again = await ticketQrPng(t.app, key);
    // Rasterised from the SVG by sharp (the drawing from the text writes the PNG itself, decision 048):
    // the same size, read as the same code.
    const [was, is] = await Promise.all([sharp(png).metadata(), sharp(again!).metadata()]);
    expect([is.width, is.height]).toEqual([was.width, was.height]);
    expect(await decode(again!)).toBe(await decode(png));
    expect(hashClaimCode(claimCodeOf(await decode(again!))!)).toBe(order.claimCodeHash);
  });

  it('a reader that finds the text gone gets the picture another reader drew meanwhile', async () => {
    const order = await pay();
    const key = order.qrFileKey!;
    const png = (await ticketQrPng(t.app, key))!;
    // A reader that looked for both files just before the first reader kept them, and for the text
    // just after it was deleted.
    const missed = new Set([key, qrSourceKey(key)]);
    const storage = {
      ...t.app.storage,
      get: async (k: string) => (missed.delete(k) ? null : t.app.storage.get(k)),
    };
    const late = await ticketQrPng({ storage, db: t.app.db }, key);
    expect(late?.equals(png)).toBe(true);
  });

  it('the PNG is drawn without sharp: 512 pixels square, one grey bit, no alpha, and it reads right (decision 048)', async () => {
    const text = `http://127.0.0.1/verify/${'A1b2C3d4'.repeat(5)}/`;
    const png = matrixPng(qrMatrix(text));
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 512, channels: 1, hasAlpha: false });
    // IHDR: bit depth 1, colour type 0 (grey).
    expect([png[24], png[25]]).toEqual([1, 0]);
    expect(await decode(png)).toBe(text);
    // The SVG of the same matrix reads the same.
    const svg = Buffer.from(matrixSvg(qrMatrix(text)));
    expect(await decode(await sharp(svg).resize(512, 512, { kernel: 'nearest' }).png().toBuffer())).toBe(
      text,
    );
  });

  it('an unknown picture is still a plain 404', async () => {
    const res = await t.app.inject({ url: '/media/AAAAAAAAAAAAAAAAAAAAAA.png' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'File not found.' });
  });
});
