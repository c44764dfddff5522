import { HEAD_CODE_META, PAGE_KEY_META } from '@rome/contract';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBlocks, editLog, mediaItems, pages } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';
import { SIGNED_IN_COOKIE } from '../auth/page-key';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.app, t.db, { isEditor: true, name: 'Eddie Editor' });
  customer = await createUser(t.app, t.db);
});
afterAll(() => t.close());

const saveBlock = (tag: string, content: unknown, user: TestUser | null = editor) =>
  t.app.inject({
    method: 'POST',
    url: `/api/edit-content/${tag}/`,
    headers: user ? user.auth : {},
    payload: { content } as any,
  });

describe('GET static-content/{pageTag}/', () => {
  it('answers the page, its active blocks and images', async () => {
    const res = await t.app.inject({ url: '/api/static-content/about-us/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.page.slug).toBe('about-us');
    expect(body.content_blocks.map((b: any) => b.unique_tag)).toEqual(
      expect.arrayContaining(['about-us-title', 'about-us-subtitle', 'about-us-main-content']),
    );
    expect(
      body.content_blocks.find((b: any) => b.unique_tag === 'about-us-main-content').block_content,
    ).toContain('{email}');
    const banner = body.page_images.find((i: any) => i.unique_tag === 'about-us-banner');
    expect(banner.image.file).toMatch(/^\/media\//);
  });

  it('answers empty lists for a page with nothing stored yet, and 404 for a malformed tag', async () => {
    const res = await t.app.inject({ url: '/api/static-content/company-new-operator/' });
    expect(res.json()).toMatchObject({ status: 200, content_blocks: [], page_images: [] });
    const malformed = await t.app.inject({ url: '/api/static-content/%3Cx%3E/' });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ error: 'Page not found.', code: 'not_found' });
  });
});

describe('who may edit', () => {
  it('every editing call: 401 without a token, 403 for a customer, 200 for an editor', async () => {
    const [media] = await t.db.select().from(mediaItems).where(eq(mediaItems.mediaType, 'image')).limit(1);
    const calls = [
      { method: 'POST', url: '/api/edit-content/terms-title/', payload: { content: 'Terms' } },
      { method: 'PATCH', url: '/api/page-image/terms-banner/update/', payload: { image_id: media.id } },
      { method: 'PATCH', url: '/api/pages/terms/update/', payload: { meta_title: 'Terms of sale' } },
      {
        method: 'PATCH',
        url: '/api/website-settings/global-head-code/',
        payload: { global_head_code: '<meta name="x" content="y">' },
      },
    ] as const;
    for (const call of calls) {
      expect((await t.app.inject({ ...call, payload: { ...call.payload } })).statusCode, call.url).toBe(401);
      expect(
        (await t.app.inject({ ...call, payload: { ...call.payload }, headers: customer.auth })).statusCode,
        call.url,
      ).toBe(403);
      const ok = await t.app.inject({ ...call, payload: { ...call.payload }, headers: editor.auth });
      expect(ok.statusCode, call.url).toBe(200);
      expect(ok.json().status).toBe(200);
    }
    // Who may call is decided before the body is looked at: a malformed body changes nothing.
    for (const call of calls) {
      const junk = {
        method: call.method,
        url: call.url,
        payload: { content: 42, image_id: 'x', meta_title: 7 },
      };
      expect((await t.app.inject(junk)).statusCode, call.url).toBe(401);
      expect((await t.app.inject({ ...junk, headers: customer.auth })).statusCode, call.url).toBe(403);
    }
    const logged = await t.db.select().from(editLog).where(eq(editLog.userId, editor.id));
    expect(logged.map((l) => l.entity).sort()).toEqual([
      'content_block',
      'global_head_code',
      'page_image',
      'page_meta',
    ]);
    expect(logged.find((l) => l.entity === 'page_meta')!.before).toMatchObject({ meta_title: '' });
  });
});

describe('saving content', () => {
  it('stores the HTML and a visitor reads it back', async () => {
    const res = await saveBlock('about-us-title', 'Who we really are');
    expect(res.json().data).toMatchObject({
      unique_tag: 'about-us-title',
      block_content: 'Who we really are',
    });
    const page = (await t.app.inject({ url: '/api/static-content/about-us/' })).json();
    expect(page.content_blocks.find((b: any) => b.unique_tag === 'about-us-title').block_content).toBe(
      'Who we really are',
    );
  });

  it('makes the XSS corpus harmless and keeps formatting', async () => {
    const corpus = [
      '<script>alert(1)</script><p>ok</p>',
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">click</a>',
      '<a href="JaVaScRiPt:alert(1)">click</a>',
      '<svg onload="alert(1)"><circle r="4"/></svg>',
      '<div style="width: expression(alert(1))">x</div>',
      '<div style="background:url(javascript:alert(1))">x</div>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe src="https://evil.example/"></iframe>',
      '<body onload=alert(1)>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<form action="https://evil.example"><button>go</button></form>',
      '<p onclick="steal()" onmouseover="x()">hover</p>',
    ];
    for (const html of corpus) {
      const saved = (await saveBlock('terms-main-content', html)).json().data.block_content as string;
      expect(saved).not.toMatch(
        /<script|onerror|onload|onclick|onmouseover|javascript:|expression\(|evil\.example|<form|<button/i,
      );
    }
    const kept = (
      await saveBlock(
        'terms-main-content',
        '<h2 class="x">Title</h2><p><strong>bold</strong> <em>it</em> <a href="https://example.com" target="_blank">link</a></p><ul><li>one</li></ul><iframe src="https://www.google.com/maps/embed?pb=1"></iframe>',
      )
    ).json().data.block_content as string;
    expect(kept).toContain('<h2 class="x">Title</h2>');
    expect(kept).toContain('<strong>bold</strong>');
    expect(kept).toContain('rel="noopener noreferrer"');
    expect(kept).toContain('<li>one</li>');
    expect(kept).toContain('https://www.google.com/maps/embed?pb=1');
  });

  it('needs content; an unknown tag needs its page to be created', async () => {
    const before = await t.db
      .select()
      .from(contentBlocks)
      .where(eq(contentBlocks.uniqueTag, 'about-us-title'));
    for (const content of [42, null, undefined, ['x'], { html: 'x' }]) {
      const res = await saveBlock('about-us-title', content);
      expect(res.statusCode).toBe(400);
      // The contract's body schema refuses it, with the entry's message.
      expect(res.json()).toEqual({ error: 'Content is required.', code: 'invalid_request' });
    }
    expect(
      await t.db.select().from(contentBlocks).where(eq(contentBlocks.uniqueTag, 'about-us-title')),
    ).toEqual(before);
    const unknown = await saveBlock('no-such-block', 'x');
    expect(unknown.statusCode).toBe(404);
    // Spec §7: a failed save is read as `message`.
    expect(unknown.json()).toMatchObject({ code: 'not_found', message: unknown.json().error });
    expect((await saveBlock('bad tag!', 'x')).json()).toEqual({
      error: 'Content tag is required for saving',
      message: 'Content tag is required for saving',
      code: 'invalid_request',
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/edit-content/company-new-operator-title/',
      headers: editor.auth,
      payload: { content: 'New operator', page: 'company-new-operator' },
    });
    expect(created.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(contentBlocks)
      .where(eq(contentBlocks.uniqueTag, 'company-new-operator-title'));
    expect(row.pageTag).toBe('company-new-operator');
  });
});

describe('page images and metadata', () => {
  it('refuses an unknown or non-image media id', async () => {
    const before = await t.app.inject({ url: '/api/static-content/about-us/' });
    for (const image_id of [999999, 'abc', null, -1, '12', 1.5, 2147483648]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/page-image/about-us-banner/update/',
        headers: editor.auth,
        payload: { image_id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Invalid image selected', code: 'invalid_request' });
    }
    expect((await t.app.inject({ url: '/api/static-content/about-us/' })).json()).toEqual(before.json());
  });

  it("takes a picture off a page image (the page's default comes back); editors only, logged", async () => {
    const [media] = await t.db.select().from(mediaItems).where(eq(mediaItems.mediaType, 'image')).limit(1);
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/page-image/home-hero-image/update/',
      headers: editor.auth,
      payload: { image_id: media.id, page: 'home' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const picture = (await t.app.inject({ url: '/api/static-content/home/' }))
      .json()
      .page_images.find((i: { unique_tag: string }) => i.unique_tag === 'home-hero-image');
    expect(picture.image?.id).toBe(media.id);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/page-image/home-hero-image/',
          headers: customer.auth,
        })
      ).statusCode,
    ).toBe(403);
    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/page-image/home-hero-image/',
      headers: editor.auth,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.image).toBeNull();
    const after = (await t.app.inject({ url: '/api/static-content/home/' }))
      .json()
      .page_images.find((i: { unique_tag: string }) => i.unique_tag === 'home-hero-image');
    expect(after.image).toBeNull();
    const [logged] = await t.db
      .select()
      .from(editLog)
      .where(eq(editLog.entityKey, 'home-hero-image'))
      .orderBy(desc(editLog.id))
      .limit(1);
    expect(logged).toMatchObject({ entity: 'page_image', before: media.id, after: null });
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/page-image/no-such-tag/',
      headers: editor.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('invalid schema_json is refused and stores nothing; empty is stored as null', async () => {
    const before = await t.db.select().from(pages).where(eq(pages.slug, 'refund'));
    const logsBefore = (await t.db.select({ n: count() }).from(editLog))[0].n;
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/pages/refund/update/',
      headers: editor.auth,
      payload: { meta_title: 'Changed', schema_json: '{not json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Schema JSON is invalid', code: 'invalid_request' });
    // Wrong types are refused by the contract's body schema, before anything is read or written.
    for (const payload of [{ meta_title: 42 }, { meta_keywords: ['rome'] }, { schema_json: 7 }]) {
      const wrong = await t.app.inject({
        method: 'PATCH',
        url: '/api/pages/refund/update/',
        headers: editor.auth,
        payload,
      });
      expect(wrong.statusCode, JSON.stringify(payload)).toBe(400);
      expect(wrong.json()).toMatchObject({
        error: expect.stringMatching(/^Invalid request/),
        code: 'invalid_request',
      });
    }
    expect(await t.db.select().from(pages).where(eq(pages.slug, 'refund'))).toEqual(before);
    expect((await t.db.select({ n: count() }).from(editLog))[0].n).toBe(logsBefore);

    const good = await t.app.inject({
      method: 'PATCH',
      url: '/api/pages/refund/update/',
      headers: editor.auth,
      payload: {
        meta_title: 'Refunds made simple',
        meta_description: 'How refunds work.',
        schema_json: '{"@type":"WebPage"}',
      },
    });
    expect(good.json().data).toMatchObject({
      meta_title: 'Refunds made simple',
      schema_json: { '@type': 'WebPage' },
    });
    const html = await t.app.inject({ url: '/refund' });
    expect(html.body).toContain('<title>Refunds made simple</title>');
    expect(html.body).toContain('"@type":"WebPage"');
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: '/api/pages/refund/update/',
      headers: editor.auth,
      payload: { schema_json: '' },
    });
    expect(cleared.json().data.schema_json).toBeNull();
  });
});

describe('what the browser and a crawler get', () => {
  it('renders the global head code for everyone, with this response’s nonce, under a strict CSP', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/website-settings/global-head-code/',
      headers: editor.auth,
      payload: { global_head_code: '<script>window.__tag = 1;</script><meta name="verify" content="abc">' },
    });
    expect((await t.app.inject({ url: '/api/website-settings/global-head-code/' })).json()).toEqual({
      status: 200,
      global_head_code: '<script>window.__tag = 1;</script><meta name="verify" content="abc">',
    });
    const a = await t.app.inject({ url: '/aboutus' });
    const b = await t.app.inject({ url: '/aboutus' });
    const csp = a.headers['content-security-policy'] as string;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("unsafe-inline' 'strict");
    expect(a.body).toContain(`<script nonce="${nonce}">window.__tag = 1;</script>`);
    expect(a.body).toContain('<meta name="verify" content="abc">');
    expect(/'nonce-([^']+)'/.exec(b.headers['content-security-policy'] as string)![1]).not.toBe(nonce);
  });

  it('leaves the head code off the pages the page table marks (sign-in, account, payment, tokens in the URL)', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/website-settings/global-head-code/',
      headers: editor.auth,
      payload: { global_head_code: '<meta name="tag-manager" content="on">' },
    });
    const tagged = async (url: string) =>
      (await t.app.inject({ url })).body.includes('<meta name="tag-manager" content="on">');
    for (const url of [
      '/',
      '/aboutus',
      '/search?ticketType=Hop-On%20Hop-Off',
      '/find-tickets/x',
      '/no/such/page',
    ]) {
      expect(await tagged(url), url).toBe(true);
    }
    for (const url of [
      '/login',
      '/profile',
      '/analytics',
      '/yourticket',
      '/success/abc',
      '/verify/some-code',
      '/pay/cs_test',
      '/undo-email-change?token=abc',
      '/t/some-token',
      '/find-tickets',
    ]) {
      expect(await tagged(url), url).toBe(false);
    }
  });

  it('gives a signed-in browser its pages without head code, and the page key to top-level loads only (decision 032)', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/website-settings/global-head-code/',
      headers: editor.auth,
      payload: { global_head_code: '<script>window.__spy = 1;</script>' },
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/api/token/',
      payload: { username: customer.email, password: customer.password },
    });
    const handover = await t.app.inject({
      method: 'POST',
      url: '/api/session/refresh/',
      payload: { refresh: signIn.json().refresh },
    });
    const id = handover.cookies.find((c) => c.name === SIGNED_IN_COOKIE)!.value;
    const key = handover.json().page_key as string;
    const load = (url: string, dest?: string) =>
      t.app.inject({
        url,
        headers: { cookie: `${SIGNED_IN_COOKIE}=${id}`, ...(dest ? { 'sec-fetch-dest': dest } : {}) },
      });
    const keyMeta = `<meta name="${PAGE_KEY_META}" content="${key}">`;
    // Signed out: the head code, marked, and no key.
    const out = await t.app.inject({ url: '/aboutus', headers: { 'sec-fetch-dest': 'document' } });
    expect(out.body).toContain('window.__spy = 1;');
    expect(out.body).toContain(`<meta name="${HEAD_CODE_META}" content="1">`);
    expect(out.body).not.toContain(PAGE_KEY_META);
    expect(out.headers['cross-origin-opener-policy']).toBe('noopener-allow-popups');
    for (const url of ['/', '/aboutus', '/no/such/page', '/profile']) {
      const page = await load(url, 'document');
      expect(page.body, url).not.toContain('window.__spy');
      expect(page.body, url).not.toContain(HEAD_CODE_META);
      expect(page.body, url).toContain(keyMeta);
      // Never kept by a cache, where a script could ask for it.
      expect(page.headers['cache-control'], url).toBe('private, no-store');
      expect(page.headers['cross-origin-opener-policy'], url).toBe('noopener-allow-popups');
    }
    // A script's fetch of a page, or a frame: the page, without head code and without the key.
    for (const dest of ['empty', 'iframe', 'script']) {
      const page = await load('/aboutus', dest);
      expect(page.body, dest).not.toContain(PAGE_KEY_META);
      expect(page.body, dest).not.toContain('window.__spy');
    }
    // A ticket link, kept by the browser for offline use, carries no key either.
    expect((await load('/t/some-token', 'document')).body).not.toContain(PAGE_KEY_META);
    // A made-up id gives nothing: the key is the shop's HMAC of the browser's real id.
    const forged = await t.app.inject({
      url: '/aboutus',
      headers: { cookie: `${SIGNED_IN_COOKIE}=${'A'.repeat(32)}`, 'sec-fetch-dest': 'document' },
    });
    expect(forged.body).not.toContain(keyMeta);
    expect(/'nonce-[^']+'/.test(String(out.headers['content-security-policy']))).toBe(true);
    expect(String(out.headers['content-security-policy'])).toContain("worker-src 'none'");
  });

  it('a package page and /aboutus carry their titles, descriptions and JSON-LD', async () => {
    const pkg = await t.app.inject({ url: '/manageBookings/E9/GL-48' });
    expect(pkg.body).toContain('<title>Green Line Rome 48h | Rome Bus Tickets</title>');
    expect(pkg.body).toMatch(/"@type":"Product".*"priceCurrency":"EUR","price":"25.00"/);
    const about = await t.app.inject({ url: '/aboutus' });
    expect(about.body).toContain('<title>About Us | Rome Bus Tickets</title>');
    expect(about.body).toMatch(/<meta name="description" content="[^"]+">/);
    expect(about.body).toContain('<link rel="canonical" href="http://localhost:3000/aboutus">');
  });

  it('serves a sitemap of home, static, company and package pages, and robots.txt pointing to it', async () => {
    const map = (await t.app.inject({ url: '/sitemap.xml' })).body;
    for (const p of [
      '/</loc>',
      '/aboutus</loc>',
      '/terms</loc>',
      '/bus/big-bus/big%20bus</loc>',
      '/manageBookings/E9/BB-24</loc>',
      '/manageBookings/E8/RM-BORGHESE</loc>',
    ]) {
      expect(map).toContain(p);
    }
    const robots = (await t.app.inject({ url: '/robots.txt' })).body;
    expect(robots).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    // The agents' app is not for search engines; '/agent/' (with its slash) leaves /agentpoints alone.
    expect(robots).toContain('Disallow: /agent/\n');
    expect(map).toContain('/agentpoints</loc>');
  });

  it("serves the agents' app at /agent/ under its own policy, with no head code (decision 023)", async () => {
    const bare = await t.app.inject({ url: '/agent' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/agent/');
    for (const url of ['/agent/', '/agent/index.html', '/agent/any/path']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("media-src 'self' blob:");
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.body).not.toContain('<!--app-head-->');
      expect(res.body).not.toContain('initial-content');
    }
  });
});
