import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editLog, mediaItems, packages } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.app, t.db, { isEditor: true });
  customer = await createUser(t.app, t.db);
});
afterAll(() => t.close());

const patch = (tag: string, payload: unknown, user: TestUser | null = editor) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/update-bus-package/${tag}/`,
    headers: user ? user.auth : {},
    payload: payload as any,
  });

describe('PATCH update-bus-package/{package_tag}/', () => {
  it('changes price and old price; the cached list and the package page follow at once', async () => {
    await t.app.inject({ url: '/api/packages/' }); // warm the cache
    const res = await patch('GL-24', {
      adult_price: '18.50',
      off_price: 25,
      title: 'Green Line Rome 24h Special',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Ticket updated successfully!',
      data: { adult_price: '18.50', off_price: '25.00' },
    });
    const list = (await t.app.inject({ url: '/api/packages/' }))
      .json()
      .bus_data.find((p: any) => p.package_tag === 'GL-24');
    expect(list).toMatchObject({
      adult_price: '18.50',
      off_price: '25.00',
      title: 'Green Line Rome 24h Special',
    });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const [before] = await t.db.select().from(packages).where(eq(packages.packageTag, 'CS-24'));
    for (const payload of [
      { title: '' },
      { adult_price: '-1' },
      { youth_price: 'abc' },
      { adult_price: '1.234' },
      { adult_price: null },
      { is_featured: 'yes' },
      { schema_json: '{broken' },
      { image_big: 999999 },
      { thumbnail_large: 'x' },
      {},
      { title: 'Valid', adult_price: -5 },
    ]) {
      const res = await patch('CS-24', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual({
        error: expect.any(String),
        code: 'invalid_request',
      });
    }
    const [after] = await t.db.select().from(packages).where(eq(packages.packageTag, 'CS-24'));
    expect(after).toEqual(before);
  });

  it('the contract parses the body: each refusal names the field, and nothing is stored or logged', async () => {
    const [before] = await t.db.select().from(packages).where(eq(packages.packageTag, 'CS-24'));
    const logBefore = await t.db.select().from(editLog);
    const cases: [unknown, string][] = [
      [{ title: '  \n ' }, 'Invalid request (title: Title is required).'],
      [
        { adult_price: true },
        'Invalid request (adult_price: Adult price must be a number of 0 or more with at most two decimals).',
      ],
      [{ youth_price: null }, 'Invalid request (youth_price: Youth price is required).'],
      [{ schema_json: 42 }, 'Invalid request (schema_json: Schema JSON is invalid).'],
      [{ schema_json: '{broken' }, 'Invalid request (schema_json: Schema JSON is invalid).'],
      [{ image_big: 2147483648 }, 'Invalid request (image_big: Invalid image selected).'],
      [
        { meta_title: 'x'.repeat(201) },
        'Invalid request (meta_title: is too long (at most 200 characters)).',
      ],
      [{ unknown_field: 'x' }, 'Nothing to update.'],
      [[{ title: 'An array' }], expect.stringMatching(/^Invalid request \(/) as unknown as string],
    ];
    for (const [payload, error] of cases) {
      const res = await patch('CS-24', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual({ error, code: 'invalid_request' });
    }
    // A media id that parses but is no image of the library: refused by the service, same shape.
    const res = await patch('CS-24', { image_big: 999999 });
    expect(res.json()).toEqual({ error: 'Invalid image selected', code: 'invalid_request' });
    const [after] = await t.db.select().from(packages).where(eq(packages.packageTag, 'CS-24'));
    expect(after).toEqual(before);
    expect(await t.db.select().from(editLog)).toHaveLength(logBefore.length);
  });

  it('stores texts on one line and prices sent as numbers or strings alike', async () => {
    const res = await patch('CS-48', {
      meta_title: ' Rome\nby bus ',
      youth_price: 12,
      adult_price: '30',
      carousel_one_small: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      meta_title: 'Rome by bus',
      youth_price: '12.00',
      adult_price: '30.00',
    });
    const [row] = await t.db.select().from(packages).where(eq(packages.packageTag, 'CS-48'));
    expect(row).toMatchObject({ metaTitle: 'Rome by bus', youthPriceCents: 1200, adultPriceCents: 3000 });
  });

  it('sanitises the description and swaps an image slot by media id', async () => {
    const [img] = await t.db.select().from(mediaItems).where(eq(mediaItems.mediaType, 'image')).limit(1);
    const res = await patch('CS-24', {
      description: '<p onclick="x()">Nice<script>alert(1)</script></p>',
      image_big: img.id,
      third_image: img.id,
      is_featured: true,
      schema_json: '',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.description).toBe('<p>Nice</p>');
    expect(data.image_big).toBe(`/media/${img.fileKey}`);
    expect(data.third_image).toBe(`/media/${img.fileKey}`);
    expect(data.is_featured).toBe(true);
    expect(data.schema_json).toBeNull();
    const cleared = await patch('CS-24', { third_image: null });
    expect(cleared.json().data.third_image).toBeNull();
  });

  it('anonymous 401, customer 403, unknown package 404', async () => {
    expect((await patch('CS-24', { title: 'x' }, null)).statusCode).toBe(401);
    expect((await patch('CS-24', { title: 'x' }, customer)).statusCode).toBe(403);
    expect((await patch('CS-24', { title: 'x' }, null)).json().code).toBe('unauthorized');
    // Who may call is checked before the body: a bad body still gets 401 / 403, not 400.
    expect((await patch('CS-24', { title: '' }, null)).statusCode).toBe(401);
    expect((await patch('CS-24', { adult_price: 'abc' }, customer)).statusCode).toBe(403);
    const missing = await patch('NOPE', { title: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Package not found.', code: 'not_found' });
  });
});
