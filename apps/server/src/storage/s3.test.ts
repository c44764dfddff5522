/**
 * The S3 driver against an in-process S3-compatible stand-in: path-style PUT/GET/DELETE on
 * 127.0.0.1, every request checked for a SigV4 signature naming the configured access key.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';
import { multipart } from '../test/multipart';
import { createUser } from '../test/users';
import { createStorage } from './index';
import { s3Storage } from './s3';
import { newFileKey, type Storage } from './storage';

const BUCKET = 'media-bucket';
const ACCESS_KEY = 'AKIATESTSTANDIN';

type StoredObject = { body: Buffer; contentType: string; cacheControl: string | undefined };

function xmlError(code: string, message: string) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>standin</RequestId></Error>`;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The minimum of S3 the driver uses, path-style: /bucket/key. */
function startS3StandIn() {
  const objects = new Map<string, StoredObject>();
  const requests: { method: string; path: string; authorization: string | undefined }[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const authorization = req.headers.authorization;
    requests.push({ method: req.method ?? '', path: url.pathname, authorization });
    const body = await readBody(req);
    const send = (status: number, xml?: string) => {
      if (xml) res.writeHead(status, { 'content-type': 'application/xml' }).end(xml);
      else res.writeHead(status).end();
    };
    if (!authorization?.startsWith(`AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/`))
      return send(403, xmlError('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist.'));
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (bucket !== BUCKET) return send(404, xmlError('NoSuchBucket', 'The specified bucket does not exist.'));
    if (req.method === 'PUT') {
      objects.set(key, {
        body,
        contentType: req.headers['content-type'] ?? 'binary/octet-stream',
        cacheControl: req.headers['cache-control'],
      });
      return res.writeHead(200, { etag: '"standin"' }).end();
    }
    if (req.method === 'GET') {
      const obj = objects.get(key);
      if (!obj) return send(404, xmlError('NoSuchKey', 'The specified key does not exist.'));
      return res
        .writeHead(200, { 'content-type': obj.contentType, 'content-length': obj.body.length })
        .end(obj.body);
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return send(204);
    }
    send(405, xmlError('MethodNotAllowed', 'The specified method is not allowed.'));
  });
  return {
    objects,
    requests,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const standIn = startS3StandIn();
let endpoint: string;
let storage: Storage;
const options = () => ({
  bucket: BUCKET,
  region: 'us-east-1',
  endpoint,
  forcePathStyle: true,
  accessKeyId: ACCESS_KEY,
  secretAccessKey: 'standin-secret',
});

beforeAll(async () => {
  endpoint = await standIn.listen();
  storage = s3Storage(options());
});
afterAll(() => standIn.close());

describe('s3Storage', () => {
  it('put then get returns the same bytes, content type and size', async () => {
    const key = newFileKey('png');
    const body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255]);
    await storage.put(key, body, 'image/png');
    expect(standIn.objects.get(key)).toMatchObject({
      contentType: 'image/png',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    const got = await storage.get(key);
    expect(got).not.toBeNull();
    expect(got!.size).toBe(body.length);
    expect(await readAll(got!.stream)).toEqual(body);
  });

  it('get of a missing key is null', async () => {
    expect(await storage.get(newFileKey('webp'))).toBeNull();
  });

  it('delete then get is null', async () => {
    const key = newFileKey('txt');
    await storage.put(key, Buffer.from('hello'), 'text/plain');
    await storage.delete(key);
    expect(standIn.objects.has(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });

  it('refuses unsafe keys before any request', async () => {
    const before = standIn.requests.length;
    for (const key of ['../etc/passwd.txt', 'a/b/cdefghij.png', '', 'short.png']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('Invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('Invalid storage key');
      expect(await storage.get(key)).toBeNull();
    }
    expect(standIn.requests.length).toBe(before);
  });

  it('signs every request with the access key; a wrong key is refused', async () => {
    const key = newFileKey('bin');
    const from = standIn.requests.length;
    await storage.put(key, Buffer.from('signed'), 'application/octet-stream');
    await storage.get(key);
    await storage.delete(key);
    const mine = standIn.requests.slice(from);
    expect(mine.map((r) => r.method)).toEqual(['PUT', 'GET', 'DELETE']);
    for (const r of mine) {
      expect(r.path).toBe(`/${BUCKET}/${key}`);
      expect(r.authorization).toMatch(
        new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/\\d{8}/us-east-1/s3/aws4_request,`),
      );
    }
    const stranger = s3Storage({ ...options(), accessKeyId: 'AKIASOMEONEELSE' });
    await expect(stranger.put(newFileKey('bin'), Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
  });

  it('a missing bucket is an error, not a missing file', async () => {
    const wrong = s3Storage({ ...options(), bucket: 'no-such-bucket' });
    await expect(wrong.get(newFileKey('png'))).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('keeps objects under the prefix', async () => {
    const prefixed = s3Storage({ ...options(), prefix: 'media/' });
    const key = newFileKey('txt');
    await prefixed.put(key, Buffer.from('in a folder'), 'text/plain');
    expect(standIn.objects.has(`media/${key}`)).toBe(true);
    expect(await readAll((await prefixed.get(key))!.stream)).toEqual(Buffer.from('in a folder'));
  });
});

describe('createStorage', () => {
  it('picks S3 when configured, else the local folder', async () => {
    const s3 = createStorage({ mediaDir: '/nonexistent', s3: { ...options(), forcePathStyle: true } });
    const key = newFileKey('txt');
    await s3.put(key, Buffer.from('via factory'), 'text/plain');
    expect(standIn.objects.has(key)).toBe(true);
    const local = createStorage({ mediaDir: '/nonexistent', s3: undefined });
    expect(await local.get(key)).toBeNull();
  });
});

describe('the app on S3 storage', () => {
  it('an editor uploads an image and it is served back from the bucket', async () => {
    const t = await createTestApp({}, { storage: s3Storage(options()) });
    try {
      const editor = await createUser(t.app, t.db, { isEditor: true });
      const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2e86c1' } })
        .png()
        .toBuffer();
      const body = await multipart(
        { name: 'Blue square', media_type: 'image' },
        { name: 'blue.png', type: 'image/png', data: png },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/media-library/create/',
        headers: { ...body.headers, ...editor.auth },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(201);
      const item = res.json().data;
      const key = item.file.replace(/^\/media\//, '');
      expect(standIn.objects.get(key)?.contentType).toBe('image/webp');

      const served = await t.app.inject({ url: item.file });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.rawPayload).toEqual(standIn.objects.get(key)!.body);
      expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(320);

      expect((await t.app.inject({ url: `/media/${newFileKey('webp')}` })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
