import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaItems } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;
let customer: TestUser;
let imageId: number;

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.app, t.db, { isEditor: true });
  customer = await createUser(t.app, t.db);
  imageId = (await t.db.select().from(mediaItems).where(eq(mediaItems.mediaType, 'image')).limit(1))[0].id;
});
afterAll(() => t.close());

const call = (
  method: 'POST' | 'PATCH' | 'DELETE' | 'GET',
  url: string,
  payload?: unknown,
  user: TestUser | null = editor,
) =>
  t.app.inject({
    method,
    url,
    headers: user ? user.auth : {},
    ...(payload ? { payload: payload as any } : {}),
  });

describe('partner logos', () => {
  it('editors list all logos, the public list has only active ones in order', async () => {
    const all = (await call('GET', '/api/partner-logos/all/')).json();
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect((await call('GET', '/api/partner-logos/all/', undefined, customer)).statusCode).toBe(403);
    expect((await call('GET', '/api/partner-logos/all/', undefined, null)).statusCode).toBe(401);
  });

  it('creates with the spec rules in order and refuses bad input without storing', async () => {
    const before = (await call('GET', '/api/partner-logos/all/')).json().length;
    const cases: [unknown, string][] = [
      [{ name: 'X' }, 'Please select a logo image'],
      [{ logo_id: imageId, name: ' ' }, 'Partner name is required'],
      [{ logo_id: imageId, name: 'X', website_url: 'javascript:alert(1)' }, 'Please enter a valid URL'],
      [{ logo_id: imageId, name: 'X', order: -2 }, 'Display order must be a number of at least 0'],
      [{ logo_id: 999999, name: 'X' }, 'Please select a logo image'],
    ];
    for (const [payload, error] of cases) {
      const res = await call('POST', '/api/partner-logos/create/', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error, code: 'invalid_request' });
    }
    expect((await call('GET', '/api/partner-logos/all/')).json().length).toBe(before);
    const ok = await call('POST', '/api/partner-logos/create/', {
      logo_id: imageId,
      name: 'Vespa Tours',
      alt_text: 'Vespa Tours logo',
      website_url: 'https://vespa.example',
      is_active: true,
      order: 0,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().message).toBe('Partner logo created successfully!');
    expect(ok.json().data).toMatchObject({
      name: 'Vespa Tours',
      order: 0,
      is_active: true,
      logo_url: expect.stringMatching(/^\/media\//),
    });
    expect(
      (await call('POST', '/api/partner-logos/create/', { logo_id: imageId, name: 'Y' }, customer))
        .statusCode,
    ).toBe(403);
  });

  it('hiding and reordering change the public strip; order never goes below 0', async () => {
    const logos = (await call('GET', '/api/partner-logos/all/')).json();
    const [first, second] = logos;
    await call('PATCH', `/api/partner-logos/${first.id}/update/`, { is_active: false });
    await call('PATCH', `/api/partner-logos/${second.id}/update/`, { order: 99 });
    const pub = (await call('GET', '/api/partner-logos', undefined, null)).json().data;
    expect(pub.some((l: any) => l.id === first.id)).toBe(false);
    expect(pub.at(-1).id).toBe(second.id);
    const below = await call('PATCH', `/api/partner-logos/${second.id}/update/`, { order: -1 });
    expect(below.statusCode).toBe(400);
    const del = await call('DELETE', `/api/partner-logos/${first.id}/delete/`);
    expect(del.statusCode).toBe(200);
    expect((await call('DELETE', `/api/partner-logos/${first.id}/delete/`)).statusCode).toBe(404);
  });
});

describe('the contract of the partner logo calls', () => {
  it('refuses a body of the wrong shape before anything is stored', async () => {
    const before = (await call('GET', '/api/partner-logos/all/')).json();
    for (const payload of [
      { logo_id: String(imageId), name: 'X' },
      { logo_id: imageId, name: 'X', is_active: 'yes' },
      { logo_id: imageId, name: ['X'] },
      { logo_id: imageId, name: 'X', order: '3' },
    ]) {
      const res = await call('POST', '/api/partner-logos/create/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({
        error: expect.stringMatching(/^Invalid request/),
        code: 'invalid_request',
      });
      const upd = await call('PATCH', `/api/partner-logos/${before[0].id}/update/`, payload);
      expect(upd.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('GET', '/api/partner-logos/all/')).json()).toEqual(before);
  });

  it('answers the spec keys: status and data publicly, a list for editors, 404 for an id that names nothing', async () => {
    const pub = (await call('GET', '/api/partner-logos', undefined, null)).json();
    expect(pub.status).toBe(200);
    expect(Array.isArray(pub.data)).toBe(true);
    expect(Array.isArray((await call('GET', '/api/partner-logos/all/')).json())).toBe(true);
    for (const id of ['abc', '0', '2147483648']) {
      const res = await call('DELETE', `/api/partner-logos/${id}/delete/`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Partner logo not found.', code: 'not_found' });
    }
  });
});
