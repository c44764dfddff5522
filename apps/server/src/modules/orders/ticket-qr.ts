/**
 * A ticket's QR picture (decision 027). The payment draws nothing: it keeps what the QR says in
 * `ticket_qr_sources` (in its one statement, so a paid ticket always has it) under the file key the
 * order keeps. The first reader of the picture (as a rule the mail sender right after the payment; else
 * the ticket page, the PDF or the wallet) draws the SVG and the PNG the spec's
 * download (`qr_code`, ticket_qr_code.png), the e-mail, the PDF and the wallet use,
 * keeps both and removes the source row. Both files carry the ticket's random name: `<name>.png` (the
 * key stored with the order) and `<name>.svg`. Both are written here from one QR matrix (decision 048):
 * the SVG as a path of the dark runs, the PNG as a 1-bit grey image deflated by zlib, some 3 ms of CPU
 * for both where qrcode's SVG and sharp's rasterising of it took 9-20 ms.
 */
import type { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
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

/**
 * The QR's modules: one byte-mode segment (qrcode's search for the shortest mix of modes, for the
 * numeric runs in the random code, cost as much CPU as the rest of the QR and rarely saves a size
 * step; the picture decodes to the same text), error correction M.
 */
export const qrMatrix = (text: string): { size: number; dark: Uint8Array } => {
  const qr = QRCode.create([{ data: Buffer.from(text), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  return { size: qr.modules.size, dark: qr.modules.data as unknown as Uint8Array };
};

/** The quiet zone around the modules, in modules. */
const MARGIN = 2;
/** The PNG's side in pixels (the spec's download, the e-mail, the PDF and the wallet use it). */
export const QR_PNG_SIZE = 512;

/** The QR as SVG: a white square and one path of the dark modules' horizontal runs. */
export function matrixSvg({ size, dark }: { size: number; dark: Uint8Array }): string {
  const side = size + 2 * MARGIN;
  let d = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!dark[y * size + x]) continue;
      let run = 1;
      while (x + run < size && dark[y * size + x + run]) run++;
      d += `M${x + MARGIN} ${y + MARGIN + 0.5}h${run}`;
      x += run;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges"><path fill="#ffffff" d="M0 0h${side}v${side}H0z"/><path stroke="#000000" d="${d}"/></svg>\n`;
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer): number => {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The QR as a QR_PNG_SIZE-pixel square PNG, one grey bit a pixel without alpha (pdfkit embeds such a
 * PNG as it is; an alpha channel made it decode every pixel in JavaScript). Each pixel takes the
 * module under it (nearest neighbour), the quiet zone white.
 */
export function matrixPng({ size, dark }: { size: number; dark: Uint8Array }): Buffer {
  const side = size + 2 * MARGIN;
  const px = QR_PNG_SIZE;
  const rowBytes = px / 8;
  // Which module each pixel column shows (-1: the quiet zone).
  const columnModule = Int32Array.from({ length: px }, (_, x) => {
    const m = Math.floor((x * side) / px) - MARGIN;
    return m >= 0 && m < size ? m : -1;
  });
  const raw = Buffer.alloc((rowBytes + 1) * px);
  let previous = -2;
  for (let y = 0; y < px; y++) {
    const at = y * (rowBytes + 1);
    const my = Math.floor((y * side) / px) - MARGIN;
    const moduleRow = my >= 0 && my < size ? my : -1;
    // raw[at] = 0: PNG filter type None. Rows of the same module row are the same bytes.
    if (moduleRow === previous && y > 0) {
      raw.copy(raw, at, at - (rowBytes + 1), at);
      continue;
    }
    previous = moduleRow;
    for (let x = 0; x < px; x += 8) {
      let byte = 0;
      for (let bit = 0; bit < 8; bit++) {
        const mx = columnModule[x + bit];
        const isDark = moduleRow >= 0 && mx >= 0 && dark[moduleRow * size + mx];
        // Grey 1 is white.
        if (!isDark) byte |= 0x80 >> bit;
      }
      raw[at + 1 + x / 8] = byte;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(px, 0);
  header.writeUInt32BE(px, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grey
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A kept SVG rasterised by sharp (a ticket paid before the sources table has its SVG only), as one
 * grey channel without alpha, like matrixPng.
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
  const matrix = qrMatrix(text);
  const svg = Buffer.from(matrixSvg(matrix));
  const png = matrixPng(matrix);
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
