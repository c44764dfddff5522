import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
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
      ].sort(),
    );
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

  it('GET /bus.json answers the static offers list', async () => {
    const res = await t.app.inject({ url: '/bus.json' });
    expect(res.statusCode).toBe(200);
    const offers = res.json();
    expect(offers.length).toBeGreaterThan(0);
    expect(Object.keys(offers[0]).sort()).toEqual([
      'duration',
      'image',
      'price',
      'subtitle',
      'ticket_count',
      'title',
    ]);
  });

  it('media paths cannot leave the media folder', async () => {
    for (const url of ['/media/..%2F..%2Fetc%2Fpasswd', '/media/%2e%2e/x.webp', '/media/nope.webp']) {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    }
  });
});
