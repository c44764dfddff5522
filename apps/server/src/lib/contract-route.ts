/**
 * Registers a route from its contract entry (packages/contract/src/api.ts): method, path, the zod
 * schemas of params, query, body and every answer, and who may call. Fastify validates the request
 * with those schemas (fastify-type-provider-zod), so a handler receives typed, parsed input; it
 * serialises the answer with the schema of its status; @fastify/swagger documents it from the same
 * schemas. A route is written:
 *
 *   route(app, 'POST /api/newsletter/subscribe/', async (req, reply) => { ... req.body.email ... });
 */
import {
  API,
  type Api,
  type ApiKey,
  type EndpointAccess,
  type EndpointDef,
  type OperatorRole,
} from '@rome/contract';
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

type Schema<K extends ApiKey> = {
  params: Api[K] extends { params: infer P } ? P : undefined;
  querystring: Api[K] extends { query: infer Q } ? Q : undefined;
  body: Api[K] extends { body: infer B } ? B : undefined;
  response: Api[K]['responses'];
};

/**
 * Who may call, as guards the app hands in (app.ts decorates `accessGuards` before any module
 * registers): accounts' tokens, the agents' app's device tokens ('agent', decision 021), and
 * `optional` for public calls that read the signed-in user when there is one. 'reseller' (OCTO) and
 * 'session' (the cookie) routes bring their own. Shared code knows no feature, so the guards are
 * parameters here, not imports (docs/architecture.md, Layering).
 */
export type AccessGuards = Record<
  'user' | 'editor' | 'superuser' | 'agent' | 'optional' | 'stepUp',
  preHandlerAsyncHookHandler
> & {
  /** An operator's people with one of the roles at the path's operator, and superusers (decision 066). */
  operator: (roles: readonly OperatorRole[]) => preHandlerAsyncHookHandler;
};

declare module 'fastify' {
  interface FastifyInstance {
    accessGuards: AccessGuards;
  }
}

function guardOf(app: FastifyInstance, e: EndpointDef, optional: boolean | undefined) {
  const guards = app.accessGuards;
  if (!guards) throw new Error('route() needs app.accessGuards: decorate the app with them first');
  const access: EndpointAccess = e.access;
  if (access === 'operator') {
    if (!e.operatorRoles?.length) throw new Error('an operator call names the roles it lets in');
    return guards.operator(e.operatorRoles);
  }
  if (access === 'user' || access === 'editor' || access === 'superuser' || access === 'agent') {
    return guards[access];
  }
  return optional ? guards.optional : undefined;
}

/**
 * The signed-in account on a route whose guard requires one ('user', 'editor', 'superuser', or a
 * handler behind `app.accessGuards.editor`): the guard has set it before the handler runs. Reached
 * without it, the route was registered without its guard: a fault of the code, answered 500.
 */
export function signedIn(req: FastifyRequest): NonNullable<FastifyRequest['user']> {
  if (!req.user) throw new Error('signedIn() on a route whose guard did not sign anyone in');
  return req.user;
}

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
  const guard = guardOf(app, e, extras.optionalUser);
  // A `stepUp` call wants the fresh password's proof after the sign-in (decision 032).
  const stepUp = e.stepUp ? app.accessGuards.stepUp : undefined;
  const preValidation = [guard, stepUp, extras.preValidation].filter(Boolean) as preHandlerAsyncHookHandler[];
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
      ...(e.operatorRoles ? { 'x-operator-roles': e.operatorRoles } : {}),
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
