import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaItems, packages } from '../../db/schema';
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

describe('PATCH update-bus-package/{tag}/', () => {
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
      expect(res.json().error).toBeTruthy();
    }
    const [after] = await t.db.select().from(packages).where(eq(packages.packageTag, 'CS-24'));
    expect(after).toEqual(before);
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
    expect((await patch('NOPE', { title: 'x' })).statusCode).toBe(404);
  });
});
