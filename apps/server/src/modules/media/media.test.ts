import { readdirSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaItems, pageImages, websiteSettings } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { createUser, type TestUser } from '../../test/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;
let customer: TestUser;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.app, t.db, { isEditor: true });
  customer = await createUser(t.app, t.db);
  png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#c0392b' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const upload = async (
  fields: Record<string, string>,
  file: { name: string; type: string; data: Buffer } | undefined,
  user: TestUser | null = editor,
) => {
  const body = await multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/media-library/create/',
    headers: { ...body.headers, ...(user ? user.auth : {}) },
    payload: body.payload,
  });
};
const mediaCount = async () => (await t.db.select({ n: count() }).from(mediaItems))[0].n;
const mediaDir = () => path.join(t.config.dataDir, 'media');
const filesStored = () => readdirSync(mediaDir()).length;

describe('media library', () => {
  it('lists items publicly', async () => {
    const res = await t.app.inject({ url: '/api/media-library/' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      media_type: 'image',
      file: expect.stringMatching(/^\/media\//),
    });
  });

  it('an editor uploads an image: re-encoded to WebP with a small variant, metadata stripped', async () => {
    const res = await upload(
      { name: 'Red square', alt_text: '  A red square  ', media_type: 'image' },
      { name: 'red.png', type: 'image/png', data: png },
    );
    expect(res.statusCode).toBe(201);
    const item = res.json().data;
    expect(item).toMatchObject({
      name: 'Red square',
      alt_text: 'A red square',
      media_type: 'image',
      content_type: 'image/webp',
      width: 640,
      height: 400,
    });
    expect(item.file).toMatch(/^\/media\/[\w-]{22}\.webp$/);
    expect(item.thumbnail).toMatch(/^\/media\/[\w-]{22}\.webp$/);
    const served = await t.app.inject({ url: item.file });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
  });

  it('takes the name from the file when none is given', async () => {
    const res = await upload({}, { name: 'colosseum-at-night.png', type: 'image/png', data: png });
    expect(res.json().data.name).toBe('colosseum-at-night');
  });

  it('a renamed executable declared as image/png is not stored as an image', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(2000, 0x90)]);
    const before = await mediaCount();
    const asImage = await upload(
      { name: 'cat', media_type: 'image' },
      { name: 'cat.png', type: 'image/png', data: elf },
    );
    expect(asImage.statusCode).toBe(400);
    expect(asImage.json().error).toBe('The file is not a valid image.');
    expect(await mediaCount()).toBe(before);
    const undeclared = await upload({ name: 'cat' }, { name: 'cat.png', type: 'image/png', data: elf });
    expect(undeclared.statusCode).toBe(201);
    const item = undeclared.json().data;
    expect(item).toMatchObject({ media_type: 'other', content_type: 'application/octet-stream' });
    expect(item.file).toMatch(/\.bin$/);
    const served = await t.app.inject({ url: item.file });
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toBe('attachment');
  });

  it('an SVG (which can carry script) is never stored or served as an image', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    );
    expect(
      (await upload({ media_type: 'image' }, { name: 'x.svg', type: 'image/svg+xml', data: svg })).statusCode,
    ).toBe(400);
    const other = await upload({}, { name: 'x.svg', type: 'image/svg+xml', data: svg });
    const served = await t.app.inject({ url: other.json().data.file });
    expect(served.headers['content-type']).not.toMatch(/svg|html/);
    expect(served.headers['content-disposition']).toBe('attachment');
  });

  it('path-like names cannot choose or escape the storage path', async () => {
    const res = await upload(
      { name: '../../etc/passwd' },
      { name: '../../../etc/passwd.png', type: 'image/png', data: png },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.file).toMatch(/^\/media\/[\w-]{22}\.webp$/);
    expect(readdirSync(mediaDir()).every((f) => /^[\w-]{22}\.\w+$/.test(f))).toBe(true);
  });

  it('enforces the size limit from the settings while streaming: at and under pass, over is 413 and leaves nothing', async () => {
    await t.db.update(websiteSettings).set({ maxImageUploadSizeMb: 0.05 }).where(eq(websiteSettings.id, 1));
    const limit = 50 * 1024;
    const at = await upload(
      { name: 'at' },
      { name: 'at.bin', type: 'application/octet-stream', data: Buffer.alloc(limit, 1) },
    );
    expect(at.statusCode).toBe(201);
    expect(at.json().data.size).toBe(limit);
    const under = await upload(
      { name: 'under' },
      { name: 'u.bin', type: 'application/octet-stream', data: Buffer.alloc(limit - 1, 1) },
    );
    expect(under.statusCode).toBe(201);
    const rows = await mediaCount();
    const files = filesStored();
    const over = await upload(
      { name: 'over' },
      { name: 'o.bin', type: 'application/octet-stream', data: Buffer.alloc(limit + 1, 1) },
    );
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      error: 'File size exceeds the maximum limit of 50 KB',
      message: 'File size exceeds the maximum limit of 50 KB',
      code: 'too_large',
    });
    const huge = await upload(
      { name: 'huge', media_type: 'image' },
      { name: 'h.png', type: 'image/png', data: Buffer.alloc(3 * 1024 * 1024, 1) },
    );
    expect(huge.statusCode).toBe(413);
    expect(await mediaCount()).toBe(rows);
    expect(filesStored()).toBe(files);
    await t.db.update(websiteSettings).set({ maxImageUploadSizeMb: 5 }).where(eq(websiteSettings.id, 1));
  });

  it('needs a file and a known media type; a failure says it as error and message (spec §7)', async () => {
    expect((await upload({ name: 'x' }, undefined)).json()).toEqual({
      error: 'Please select a file',
      message: 'Please select a file',
      code: 'invalid_request',
    });
    const before = await mediaCount();
    const files = filesStored();
    const unknownType = await upload(
      { media_type: 'program' },
      { name: 'a.png', type: 'image/png', data: png },
    );
    expect(unknownType.statusCode).toBe(400);
    // The form's fields are parsed with the contract's schema (mediaUploadFieldsSchema).
    expect(unknownType.json()).toEqual({
      error: 'media_type must be image, video or other.',
      message: 'media_type must be image, video or other.',
      code: 'invalid_request',
    });
    // An empty field is no value: the type then follows the file.
    const emptyType = await upload({ media_type: '' }, { name: 'e.png', type: 'image/png', data: png });
    expect(emptyType.statusCode).toBe(201);
    expect(emptyType.json().data.media_type).toBe('image');
    expect(await mediaCount()).toBe(before + 1);
    expect(filesStored()).toBe(files + 2);
  });

  it('the contract checks an update before anything is read or written', async () => {
    const item = (await upload({ name: 'Typed' }, { name: 'ty.png', type: 'image/png', data: png })).json()
      .data;
    const before = await t.db.select().from(mediaItems).where(eq(mediaItems.id, item.id));
    for (const payload of [{ name: 42 }, { alt_text: ['x'] }, { media_type: 'program' }]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/media-library/${item.id}/update/`,
        headers: editor.auth,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({
        error: expect.stringMatching(/^Invalid request/),
        code: 'invalid_request',
      });
    }
    expect(await t.db.select().from(mediaItems).where(eq(mediaItems.id, item.id))).toEqual(before);
    // An id that is no PostgreSQL integer names nothing.
    for (const id of ['abc', '0', '-1', '1.5', '2147483648']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/media-library/${id}/update/`,
        headers: editor.auth,
        payload: { name: 'x' },
      });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Media item not found.', code: 'not_found' });
    }
  });

  it('updates only changed fields, and refuses to relabel the type', async () => {
    const item = (await upload({ name: 'Before' }, { name: 'b.png', type: 'image/png', data: png })).json()
      .data;
    const patch = (payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/media-library/${item.id}/update/`,
        headers: editor.auth,
        payload: payload as any,
      });
    expect((await patch({ name: 'After', alt_text: 'Alt' })).json().data).toMatchObject({
      name: 'After',
      alt_text: 'Alt',
    });
    expect((await patch({ name: '' })).statusCode).toBe(400);
    expect((await patch({ media_type: 'video' })).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/media-library/999999/update/',
          headers: editor.auth,
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('an item in use cannot be deleted and the answer says where it is used; an unused one can', async () => {
    const [used] = await t.db.select().from(pageImages).where(eq(pageImages.uniqueTag, 'about-us-banner'));
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/media-library/${used.mediaId}/delete/`,
      headers: editor.auth,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: expect.stringContaining('page image "about-us-banner"'),
      code: 'conflict',
      used_by: expect.arrayContaining(['page image "about-us-banner"']),
    });
    const item = (await upload({ name: 'Temp' }, { name: 't.png', type: 'image/png', data: png })).json()
      .data;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/media-library/${item.id}/delete/`,
      headers: editor.auth,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'Media deleted successfully!' });
    expect((await t.app.inject({ url: item.file })).statusCode).toBe(404);
  });

  it('each call: anonymous 401, customer 403, editor allowed', async () => {
    const item = (await upload({ name: 'Roles' }, { name: 'r.png', type: 'image/png', data: png })).json()
      .data;
    for (const user of [null, customer]) {
      const expected = user ? 403 : 401;
      expect(
        (await upload({ name: 'x' }, { name: 'x.png', type: 'image/png', data: png }, user)).statusCode,
      ).toBe(expected);
      const headers = user ? user.auth : {};
      expect(
        (
          await t.app.inject({
            method: 'PATCH',
            url: `/api/media-library/${item.id}/update/`,
            headers,
            payload: { name: 'y' },
          })
        ).statusCode,
      ).toBe(expected);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/media-library/${item.id}/delete/`, headers }))
          .statusCode,
      ).toBe(expected);
    }
    const [row] = await t.db.select().from(mediaItems).where(eq(mediaItems.id, item.id));
    expect(row.name).toBe('Roles');
  });
});
