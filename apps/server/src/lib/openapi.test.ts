/**
 * The API reference is complete and honest: every /api/ route the app registers is in the generated
 * OpenAPI document, registered from the contract (so it has its schemas), and every example in the
 * document validates against the schema it stands in.
 */
import { API } from '@rome/contract';
import Ajv2020 from 'ajv/dist/2020.js';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';

const routes: RouteOptions[] = [];
let t: Awaited<ReturnType<typeof createTestApp>>;
let doc: any;
beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (r) => routes.push(r) });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

/** The API's calls: every /api/ route but the reference's own, and any route from a contract entry. */
const apiRoutes = () =>
  routes
    .filter(
      (r) =>
        (r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json') ||
        (r.config as { endpoint?: string } | undefined)?.endpoint !== undefined,
    )
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => ({ ...r, method: m })))
    .filter((r) => r.method !== 'HEAD');
const docPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 with every registered /api/ route, each from its contract entry', () => {
    expect(doc.openapi).toBe('3.1.0');
    const unlisted: string[] = [];
    const offContract: string[] = [];
    for (const r of apiRoutes()) {
      const key = `${r.method} ${r.url}`;
      const op = doc.paths?.[docPath(r.url)]?.[r.method.toLowerCase()];
      if (!op) unlisted.push(key);
      const onContract = (r.config as any)?.endpoint === key && key in API;
      if (!onContract) offContract.push(key);
      if (onContract) {
        expect(op.summary, key).toBeTruthy();
        expect(Object.keys(op.responses ?? {}).length, key).toBeGreaterThan(0);
      }
    }
    expect(unlisted).toEqual([]);
    expect(offContract).toEqual([]);
  });

  it('shows the bodies of the forms the routes read themselves (checkout, media upload)', () => {
    const checkout = doc.paths['/api/create-checkout-session/'].post.requestBody.content;
    expect(Object.keys(checkout).sort()).toEqual(['application/json', 'multipart/form-data']);
    const form = checkout['multipart/form-data'].schema;
    expect(form.properties.adult_count).toBeTruthy();
    expect(form.properties.package_identifier).toBeTruthy();
    expect(form.required).toEqual(
      expect.arrayContaining(['adult_count', 'youth_count', 'package_identifier']),
    );
    const upload =
      doc.paths['/api/media-library/create/'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.file).toEqual({ type: 'string', format: 'binary' });
    expect(upload.required).toContain('file');
    expect(upload.properties.alt_text).toBeTruthy();
  });

  it('documents GET /bus.json, the call outside /api/, and none of the pages or files', () => {
    expect(doc.paths['/bus.json']?.get?.responses?.['200']).toBeTruthy();
    const outside = Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'));
    expect(outside).toEqual(['/bus.json']);
  });

  it('lists no call that the app does not serve', () => {
    const served = new Set(apiRoutes().map((r) => `${r.method.toLowerCase()} ${docPath(r.url)}`));
    for (const [path, ops] of Object.entries<any>(doc.paths))
      for (const method of Object.keys(ops))
        expect(served, `${method} ${path}`).toContain(`${method} ${path}`);
  });

  it('every contract entry is served', () => {
    const served = new Set(apiRoutes().map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(API).filter((k) => !served.has(k))).toEqual([]);
  });

  it('every example in the document validates against its schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'doc', components: doc.components ?? {} } as any);
    const bad: string[] = [];
    let checked = 0;
    // Walk every schema; each `examples` entry must satisfy the schema object that carries it.
    const walk = (node: any, where: string) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) {
        node.forEach((n, i) => {
          walk(n, `${where}[${i}]`);
        });
        return;
      }
      if (Array.isArray(node.examples) && (node.type || node.properties || node.anyOf || node.$ref)) {
        const schema = JSON.parse(JSON.stringify(node).replaceAll('"#/components/', '"doc#/components/'));
        delete schema.examples;
        const validate = ajv.compile(schema);
        for (const ex of node.examples) {
          checked++;
          if (!validate(ex)) bad.push(`${where}: ${JSON.stringify(ex)} ${ajv.errorsText(validate.errors)}`);
        }
      }
      for (const [k, v] of Object.entries(node)) if (k !== 'examples') walk(v, `${where}.${k}`);
    };
    walk(doc.paths, 'paths');
    walk(doc.components, 'components');
    expect(bad).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it('serves a readable reference at /api/docs', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const html =
      page.statusCode === 302
        ? await t.app.inject({ method: 'GET', url: page.headers.location as string })
        : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/html/);
    expect(html.body).toMatch(/swagger-ui/i);
  });
});
