/**
 * The API reference, generated from the contract (never written by hand): @fastify/swagger collects
 * every route as it is registered, fastify-type-provider-zod turns its zod schemas into JSON Schema.
 * `GET /api/openapi.json` is the OpenAPI 3.1 document; `/api/docs` a readable page of it (Swagger UI,
 * served from the package's own files, no outside host).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API, type ApiKey, type EndpointDef } from '@rome/contract';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * What the document lists: the API calls, i.e. every /api/ route and every route registered from a
 * contract entry (GET /bus.json is one outside /api/: the spec lists it with the calls). Pages, files
 * and the reference itself stay out.
 */
const isApiCall = (url: string, config: unknown) =>
  (url.startsWith('/api/') && !url.startsWith('/api/docs')) ||
  (config as { endpoint?: string } | undefined)?.endpoint !== undefined;

/**
 * The request body of a call whose route reads a form itself (the contract entry's `form`): its fields'
 * JSON Schema, the file field as binary, under the content types the route takes. Only the document
 * shows it; Fastify does not validate it (the route parses with the same schema).
 */
function endpointForm(config: unknown): { body: object; consumes: string[] } | null {
  const key = (config as { endpoint?: ApiKey } | undefined)?.endpoint;
  const form = key ? (API[key] as EndpointDef).form : undefined;
  if (!form) return null;
  const fields = z.toJSONSchema(form.fields, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  const { $schema: _, ...body } = {
    ...fields,
    ...(form.file
      ? {
          properties: { ...fields.properties, [form.file]: { type: 'string', format: 'binary' } },
          required: [...(fields.required ?? []), form.file],
        }
      : {}),
  } as Record<string, unknown>;
  return {
    body,
    consumes: form.alsoJson ? ['multipart/form-data', 'application/json'] : ['multipart/form-data'],
  };
}

export const apiDocs: FastifyPluginAsync = fp(async (app) => {
  const transform = createJsonSchemaTransform({});
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rome Bus Tickets API',
        version: '1.0.0',
        description:
          'Every call of the shop. Errors answer {error, code} (the message to show and a stable word). ' +
          'Calls marked with a lock take `Authorization: Bearer <access token>` from POST /api/api/token/.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The web app's refresh token (modules/auth/web-session.ts), out of reach of page scripts.
          session: { type: 'apiKey', in: 'cookie', name: 'rbt_refresh' },
          // The agents' app's device token (modules/agents/devices.ts, decision 021).
          agentDevice: { type: 'http', scheme: 'bearer', bearerFormat: 'rbt_dev_... device token' },
        },
      },
    },
    hideUntagged: false,
    transform: (input) => {
      if (!isApiCall(input.url, input.route.config))
        return { schema: { ...input.schema, hide: true }, url: input.url };
      const out = transform(input);
      const form = endpointForm(input.route.config);
      return form ? { ...out, schema: { ...out.schema, ...form } } : out;
    },
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // BaseLayout: the reference without Swagger's top bar (no URL box to explore other documents).
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0, layout: 'BaseLayout' },
    theme: { title: 'Rome Bus Tickets API' },
    // The reference's own policy: its files only; Swagger UI sets inline styles; the document is fetched
    // from this origin over whatever scheme the page came by (no upgrade to https on a plain-http host).
    staticCSP:
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
      "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  });
});
