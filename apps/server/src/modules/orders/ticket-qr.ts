/**
 * A ticket's QR picture (decision 027). The payment draws nothing: it keeps what the QR says in
 * `ticket_qr_sources` (in its one statement, so a paid ticket always has it) under the file key the
 * order keeps. The first reader of the picture (as a rule the mail sender right after the payment; else
 * the ticket page, the PDF or the wallet) draws the SVG (some 2 ms of CPU) and the PNG the spec's
 * download (`qr_code`, ticket_qr_code.png), the e-mail, the PDF and the wallet use (some 7 ms more),
 * keeps both and removes the source row. Both files carry the ticket's random name: `<name>.png` (the
 * key stored with the order) and `<name>.svg`.
 */
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { ticketQrSources } from '../../db/schema';
import { newFileKey, type Storage } from '../../storage/storage';

/** Where a ticket's QR is kept and, until it is drawn, what it says. */
export type QrStore = { storage: Storage; db: Db };

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Where a ticket QR's source is kept: its PNG's key with .svg. */
export const qrSourceKey = (pngKey: string): string => pngKey.replace(/\.png$/, '.svg');

/** A new ticket's QR key (its PNG's; the picture is drawn on first use). */
export const newTicketQrKey = (): string => newFileKey('png');

/** A source row by key: every read of a QR not drawn yet, and every /media miss, asks this. */
const sourceOf = preparedPerDb((db) =>
  db
    .select({ text: ticketQrSources.qrText })
    .from(ticketQrSources)
    .where(eq(ticketQrSources.fileKey, sql.placeholder('key')))
    .prepare('ticket_qr_source'),
);

/** The QR as SVG: one byte-mode segment, see below. */
const qrSvg = (text: string): Promise<string> =>
  // One byte-mode segment: qrcode's search for the shortest mix of modes (numeric runs in the random
  // code) cost as much CPU as the rest of the QR and rarely saves a size step; the
  // picture decodes to the same text.
  QRCode.toString([{ data: Buffer.from(text), mode: 'byte' }], {
    type: 'svg',
    margin: 2,
    errorCorrectionLevel: 'M',
  });

/**
 * The SVG rasterised by sharp on libvips' own threads (about 4x faster than qrcode's PNG encoder), as
 * one grey channel without alpha: the same pixels (the SVG paints its white background), and pdfkit
 * embeds such a PNG as it is, where an alpha channel made it decode and split every pixel in
 * JavaScript (some 50 ms of CPU per ticket PDF on the busy machine).
 */
const rasterise = (svg: Buffer): Promise<Buffer> =>
  sharp(svg)
    .resize(512, 512, { kernel: 'nearest' })
    .flatten({ background: '#ffffff' })
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();

/** Draws the QR saying `text`, keeps its SVG and PNG under `key`; answers the PNG. */
async function draw(storage: Storage, key: string, text: string): Promise<Buffer> {
  const svg = Buffer.from(await qrSvg(text));
  const png = await rasterise(svg);
  // The SVG first: once the PNG exists no reader looks further (storage writes are atomic).
  await storage.put(qrSourceKey(key), svg, 'image/svg+xml');
  await storage.put(key, png, 'image/png');
  return png;
}

/**
 * The QR's PNG: the stored file; else drawn from its SVG (tickets paid before the sources table) or
 * from its source row, kept, and the row removed. Two readers at once both make the same bytes.
 * Null when the ticket has none of them (a key that is not a ticket's QR).
 */
export async function ticketQrPng({ storage, db }: QrStore, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const file = await storage.get(key);
  if (file) return readAll(file.stream);
  if (!key.endsWith('.png')) return null;
  const svgFile = await storage.get(qrSourceKey(key));
  if (svgFile) {
    const png = await rasterise(await readAll(svgFile.stream));
    await storage.put(key, png, 'image/png');
    return png;
  }
  const [source] = await sourceOf(db).execute({ key });
  if (!source) {
    // Another reader may have drawn it since this one looked: it keeps the PNG before deleting the row.
    const drawn = await storage.get(key);
    return drawn ? readAll(drawn.stream) : null;
  }
  const png = await draw(storage, key, source.text);
  // Drawn and kept: the claim link need not wait in the table any longer.
  await db.delete(ticketQrSources).where(eq(ticketQrSources.fileKey, key));
  return png;
}
