import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editLog } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.app, t.db, { isEditor: true });
});
afterAll(() => t.close());

describe('public site data', () => {
  it('GET website-settings/ answers status and the settings fields', async () => {
    const res = await t.app.inject({ url: '/api/website-settings/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data.max_image_upload_size_mb).toBe(5);
    expect(Object.keys(body.data).sort()).toEqual(
      [
        'address_map_link',
        'max_image_upload_size_mb',
        'website_address',
        'website_email',
        'website_facebook',
        'website_instagram',
        'website_phone_number',
        // Beside the spec's keys: the navigation logo's picture (issue #23), none in the seed.
        'site_logo',
      ].sort(),
    );
    expect(body.data.site_logo).toBeNull();
  });

  it('GET and PATCH website-settings/global-head-code/ read and replace the code', async () => {
    const code = '<meta name="verify" content="abc">';
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/website-settings/global-head-code/',
      headers: editor.auth,
      payload: { global_head_code: code },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ status: 200, global_head_code: code });
    expect((await t.app.inject({ url: '/api/website-settings/global-head-code/' })).json()).toEqual({
      status: 200,
      global_head_code: code,
    });
  });

  it('PATCH global-head-code refuses a body the contract does not accept, and stores nothing', async () => {
    const before = (await t.app.inject({ url: '/api/website-settings/global-head-code/' })).json();
    const logged = async () =>
      (await t.db.select().from(editLog).where(eq(editLog.entity, 'global_head_code'))).length;
    const count = await logged();
    for (const [payload, error] of [
      [{}, 'Invalid request (global_head_code: global_head_code is required).'],
      [{ global_head_code: 42 }, 'Invalid request (global_head_code: global_head_code is required).'],
      [
        { global_head_code: 'x'.repeat(50_001) },
        'Invalid request (global_head_code: The head code is too long (at most 50000 characters)).',
      ],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/website-settings/global-head-code/',
        headers: editor.auth,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json()).toEqual({ error, code: 'invalid_request' });
    }
    expect((await t.app.inject({ url: '/api/website-settings/global-head-code/' })).json()).toEqual(before);
    expect(await logged()).toBe(count);
    // Who may call is checked before the body: an anonymous caller with a bad body gets 401, not 400.
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/website-settings/global-head-code/',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('PATCH website-settings/ changes the contact details sent, keeps the others and logs who did it', async () => {
    const before = (await t.app.inject({ url: '/api/website-settings/' })).json().data;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/website-settings/',
      headers: editor.auth,
      payload: { website_phone_number: ' +39 06 1234 5678 ', address_map_link: 'https://maps.example.org/x' },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().data;
    expect(after).toEqual({
      ...before,
      website_phone_number: '+39 06 1234 5678',
      address_map_link: 'https://maps.example.org/x',
    });
    expect((await t.app.inject({ url: '/api/website-settings/' })).json().data).toEqual(after);
    const [log] = await t.db.select().from(editLog).where(eq(editLog.entity, 'contact_details'));
    expect(log).toMatchObject({
      userId: editor.id,
      before: {
        website_phone_number: before.website_phone_number,
        address_map_link: before.address_map_link,
      },
      after: { website_phone_number: '+39 06 1234 5678', address_map_link: 'https://maps.example.org/x' },
    });
  });

  it('PATCH website-settings/ refuses bad details and callers who are not editors, storing nothing', async () => {
    const before = (await t.app.inject({ url: '/api/website-settings/' })).json().data;
    for (const payload of [
      {},
      { website_email: 'not-an-address' },
      { address_map_link: 'javascript:alert(1)' },
      { website_facebook: 'http://facebook.com/x' },
      { website_phone_number: 'call me <b>now</b>' },
      { website_address: 'x'.repeat(301) },
      { max_image_upload_size_mb: 500 },
      { website_email: 'ok@example.com', global_head_code: '<script>' },
    ]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/website-settings/',
        headers: editor.auth,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
    const customer = await createUser(t.app, t.db);
    const asCustomer = await t.app.inject({
      method: 'PATCH',
      url: '/api/website-settings/',
      headers: customer.auth,
      payload: { website_email: 'thief@example.com' },
    });
    expect(asCustomer.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/website-settings/',
      payload: { website_email: 'thief@example.com' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/website-settings/' })).json().data).toEqual(before);
  });

  it('GET partner-logos answers the active logos in order, with image URLs', async () => {
    const res = await t.app.inject({ url: '/api/partner-logos' });
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(4);
    expect(body.data.map((l: any) => l.order)).toEqual(
      [...body.data.map((l: any) => l.order)].sort((a, b) => a - b),
    );
    expect(body.data[0].logo_url).toMatch(/^\/media\//);
    const image = await t.app.inject({ url: body.data[0].logo_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
  });

  it('media paths cannot leave the media folder', async () => {
    for (const url of ['/media/..%2F..%2Fetc%2Fpasswd', '/media/%2e%2e/x.webp', '/media/nope.webp']) {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    }
  });
});
