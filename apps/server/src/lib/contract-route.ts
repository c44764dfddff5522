/**
 * Registers a route from its contract entry (packages/contract/src/api.ts): method, path, the zod
 * schemas of params, query, body and every answer, and who may call. Fastify validates the request
 * with those schemas (fastify-type-provider-zod), so a handler receives typed, parsed input; it
 * serialises the answer with the schema of its status; @fastify/swagger documents it from the same
 * schemas. A route is written:
 *
 *   route(app, 'POST /api/newsletter/subscribe/', async (req, reply) => { ... req.body.email ... });
 */
import { API, type Api, type ApiKey, type EndpointAccess, type EndpointDef } from '@rome/contract';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAgentDevice } from '../modules/agents/devices';
import { optionalUser, requireEditor, requireSuperuser, requireUser } from '../modules/auth/plugin';

type Schema<K extends ApiKey> = {
  params: Api[K] extends { params: infer P } ? P : undefined;
  querystring: Api[K] extends { query: infer Q } ? Q : undefined;
  body: Api[K] extends { body: infer B } ? B : undefined;
  response: Api[K]['responses'];
};

/**
 * The access levels the shop enforces here: accounts' tokens, and the agents' app's device tokens
 * ('agent', decision 021). 'reseller' (OCTO) and 'session' (the cookie) routes bring their own.
 */
const ACCESS_GUARD: Partial<Record<EndpointAccess, preHandlerAsyncHookHandler>> = {
  user: requireUser,
  editor: requireEditor,
  superuser: requireSuperuser,
  agent: requireAgentDevice,
};

/** The contract entry of the route a request is on (the error handler reads its `invalid` message). */
export function endpointOf(req: FastifyRequest): EndpointDef | undefined {
  const key = (req.routeOptions?.config as { endpoint?: ApiKey } | undefined)?.endpoint;
  return key ? (API[key] as EndpointDef) : undefined;
}

/** A handler whose request (params, query, body) and reply are typed by the contract entry K. */
export type Handler<K extends ApiKey> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  Schema<K>,
  ZodTypeProvider
>;

export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'onRequest'> & {
  /** Runs after the access guard, before validation. */
  preValidation?: preHandlerAsyncHookHandler;
  /** Runs after validation (e.g. a rate limit). */
  preHandler?: preHandlerAsyncHookHandler;
  /** Public calls that read the signed-in user when there is one. */
  optionalUser?: boolean;
};

export function route<K extends ApiKey>(
  app: FastifyInstance,
  key: K,
  handler: Handler<K>,
  extras: RouteExtras = {},
): void {
  const e = API[key] as EndpointDef;
  const [method, url] = (key as string).split(' ');
  // Who may call is checked before the request is validated: a caller without the right gets 401/403,
  // never a 400 that tells them about the body of a call they cannot make.
  const guard = ACCESS_GUARD[e.access] ?? (extras.optionalUser ? optionalUser : undefined);
  const preValidation = [guard, extras.preValidation].filter(Boolean) as preHandlerAsyncHookHandler[];
  const preHandler = [extras.preHandler].filter(Boolean) as preHandlerAsyncHookHandler[];
  const { preHandler: _p, preValidation: _v, optionalUser: _o, ...rest } = extras;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: method as 'GET',
    url,
    schema: {
      summary: e.summary,
      description: e.description,
      tags: [e.tag],
      operationId: operationId(key),
      ...('params' in e && e.params ? { params: e.params } : {}),
      ...('query' in e && e.query ? { querystring: e.query } : {}),
      ...('body' in e && e.body ? { body: e.body } : {}),
      response: e.responses,
      ...(e.access !== 'public'
        ? {
            security: [
              {
                [e.access === 'reseller' || e.access === 'session'
                  ? e.access
                  : e.access === 'agent'
                    ? 'agentDevice'
                    : 'bearer']: [],
              },
            ],
          }
        : {}),
      'x-access': e.access,
    } as any,
    config: { endpoint: key } as object,
    ...(preValidation.length ? { preValidation } : {}),
    ...(preHandler.length ? { preHandler } : {}),
    ...rest,
    handler: handler as (req: FastifyRequest, reply: FastifyReply) => unknown,
  });
}

/** 'POST /api/newsletter/subscribe/' -> 'post_newsletter_subscribe'. */
export function operationId(key: string): string {
  return key
    .toLowerCase()
    .replace(/^(\w+) \/api\//, '$1 ')
    .replace(/[{}:]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/_+$/, '');
}
