/**
 * A ticket's QR picture (issue #22). The payment keeps only the QR as SVG (about 2 ms of CPU); the PNG
 * that the spec's download (`qr_code`, ticket_qr_code.png), the e-mail, the PDF and the wallet use is
 * rasterised from it (some 7 ms more) the first time one of them asks, as a rule the mail sender right
 * after the payment, and is kept beside it. Both files carry the ticket's random name: `<name>.png`
 * (the key stored with the order) and `<name>.svg`.
 */
import type { Readable } from 'node:stream';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { newFileKey, type Storage } from '../../storage/storage';

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Where a ticket QR's source is kept: its PNG's key with .svg. */
export const qrSourceKey = (pngKey: string): string => pngKey.replace(/\.png$/, '.svg');

/** Keeps a new ticket's QR (its SVG); returns the key of its PNG, which is made on first use. */
export async function storeTicketQr(storage: Storage, text: string): Promise<string> {
  const key = newFileKey('png');
  // One byte-mode segment: qrcode's search for the shortest mix of modes (numeric runs in the random
  // code) cost as much CPU as the rest of the QR (issue #22) and rarely saves a size step; the
  // picture decodes to the same text.
  const svg = await QRCode.toString([{ data: Buffer.from(text), mode: 'byte' }], {
    type: 'svg',
    margin: 2,
    errorCorrectionLevel: 'M',
  });
  await storage.put(qrSourceKey(key), Buffer.from(svg), 'image/svg+xml');
  return key;
}

/**
 * The SVG rasterised by sharp on libvips' own threads (about 4x faster than qrcode's PNG encoder), as
 * one grey channel without alpha: the same pixels (the SVG paints its white background), and pdfkit
 * embeds such a PNG as it is, where an alpha channel made it decode and split every pixel in
 * JavaScript (some 50 ms of CPU per ticket PDF on the busy machine, issue #22).
 */
const rasterise = (svg: Buffer): Promise<Buffer> =>
  sharp(svg)
    .resize(512, 512, { kernel: 'nearest' })
    .flatten({ background: '#ffffff' })
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();

/**
 * The QR's PNG: the stored file, else rasterised from its SVG and kept (two callers at once both make
 * the same bytes; storage writes are atomic). Null when the ticket has neither.
 */
export async function ticketQrPng(storage: Storage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const file = await storage.get(key);
  if (file) return readAll(file.stream);
  if (!key.endsWith('.png')) return null;
  const source = await storage.get(qrSourceKey(key));
  if (!source) return null;
  const png = await rasterise(await readAll(source.stream));
  await storage.put(key, png, 'image/png');
  return png;
}
