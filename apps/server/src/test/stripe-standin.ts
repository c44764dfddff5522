/**
 * A local stand-in for the part of Stripe's HTTP API the shop uses (Checkout Sessions, Refunds, Events),
 * speaking Stripe's wire format: form-encoded requests, JSON objects, Idempotency-Key headers. The
 * real `stripe` SDK is pointed at it with { host, port, protocol: 'http' }.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandinSession = {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  /** The hosted page's language, as Stripe keeps it (null: the browser's). */
  locale: string | null;
  expires_at: number;
  line_items: { name: string; unit_amount: number; quantity: number }[];
  payment_intent: string;
};

export type StandinRefund = {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
};

export type StripeStandin = {
  port: number;
  sessions: Map<string, StandinSession>;
  refunds: StandinRefund[];
  /** Answer refunds with a 500 (a provider outage) while true. */
  failRefunds: boolean;
  /** Answer new checkout sessions with a 500 (a provider outage) while true. */
  failSessions: boolean;
  events: any[];
  idempotencyKeys: string[];
  requests: { method: string; path: string; auth: string | undefined }[];
  close(): Promise<void>;
};

function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

export async function startStripeStandin(): Promise<StripeStandin> {
  const sessions = new Map<string, StandinSession>();
  const refunds: StandinRefund[] = [];
  const refundsByKey = new Map<string, StandinRefund>();
  const state = { failRefunds: false, failSessions: false };
  const byIdempotencyKey = new Map<string, StandinSession>();
  const events: any[] = [];
  const idempotencyKeys: string[] = [];
  const requests: StripeStandin['requests'] = [];

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      requests.push({ method: req.method ?? '', path: url.pathname, auth: req.headers.authorization });
      const send = (status: number, obj: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
        });
        res.end(JSON.stringify(obj));
      };
      if (!req.headers.authorization?.startsWith('Bearer sk_test_')) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (state.failSessions)
          return send(500, { error: { type: 'api_error', message: 'Stand-in outage' } });
        const key = req.headers['idempotency-key'] as string | undefined;
        if (key) {
          idempotencyKeys.push(key);
          const seen = byIdempotencyKey.get(key);
          if (seen) return send(200, seen);
        }
        const f = parseForm(body);
        const lines: StandinSession['line_items'] = [];
        for (let i = 0; f[`line_items[${i}][quantity]`] !== undefined; i++) {
          lines.push({
            name: f[`line_items[${i}][price_data][product_data][name]`],
            unit_amount: Number(f[`line_items[${i}][price_data][unit_amount]`]),
            quantity: Number(f[`line_items[${i}][quantity]`]),
          });
        }
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const session: StandinSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: lines.reduce((s, l) => s + l.unit_amount * l.quantity, 0),
          currency: f[`line_items[0][price_data][currency]`] ?? 'eur',
          customer_email: f.customer_email ?? null,
          client_reference_id: f.client_reference_id ?? null,
          metadata: { order_unique_id: f['metadata[order_unique_id]'] },
          success_url: f.success_url,
          cancel_url: f.cancel_url,
          locale: f.locale ?? null,
          expires_at: Number(f.expires_at),
          line_items: lines,
          payment_intent: `pi_${randomBytes(12).toString('hex')}`,
        };
        sessions.set(id, session);
        if (key) byIdempotencyKey.set(key, session);
        return send(200, session);
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        if (state.failRefunds) return send(500, { error: { type: 'api_error', message: 'Stand-in outage' } });
        const key = req.headers['idempotency-key'] as string | undefined;
        if (key) idempotencyKeys.push(key);
        const seen = key ? refundsByKey.get(key) : undefined;
        if (seen) return send(200, seen);
        const f = parseForm(body);
        const session = [...sessions.values()].find((s) => s.payment_intent === f.payment_intent);
        if (!session || session.payment_status !== 'paid') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              message: `No such payment_intent: '${f.payment_intent}'`,
            },
          });
        }
        const refund: StandinRefund = {
          id: `re_${randomBytes(12).toString('hex')}`,
          object: 'refund',
          amount: Number(f.amount ?? session.amount_total),
          payment_intent: f.payment_intent,
          status: 'succeeded',
          metadata: { session: f['metadata[session]'] ?? '' },
        };
        refunds.push(refund);
        if (key) refundsByKey.set(key, refund);
        return send(200, refund);
      }
      if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
        const pi = url.searchParams.get('payment_intent');
        const data = [...sessions.values()].filter((s) => !pi || s.payment_intent === pi);
        return send(200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
      }
      const m = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const s = sessions.get(m[1]);
        return s
          ? send(200, s)
          : send(404, {
              error: { type: 'invalid_request_error', message: `No such checkout.session: '${m[1]}'` },
            });
      }
      if (req.method === 'GET' && url.pathname === '/v1/events') {
        return send(200, { object: 'list', data: events, has_more: false, url: '/v1/events' });
      }
      send(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    sessions,
    refunds,
    get failRefunds() {
      return state.failRefunds;
    },
    set failRefunds(v: boolean) {
      state.failRefunds = v;
    },
    get failSessions() {
      return state.failSessions;
    },
    set failSessions(v: boolean) {
      state.failSessions = v;
    },
    events,
    idempotencyKeys,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A `charge.refunded` event as Stripe sends it (the charge of a session's payment intent). */
export function chargeRefundedEvent(
  session: StandinSession,
  opts: { refunded?: boolean; refundId?: string; id?: string; amountRefunded?: number } = {},
) {
  const amount = session.amount_total;
  const refunded = opts.refunded ?? true;
  return {
    id: opts.id ?? `evt_${randomBytes(10).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type: 'charge.refunded',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: `ch_${randomBytes(10).toString('hex')}`,
        object: 'charge',
        amount,
        // A partial refund: half the charge, or the cents given back so far in all (Stripe's sum).
        amount_refunded: refunded ? amount : (opts.amountRefunded ?? Math.floor(amount / 2)),
        currency: session.currency,
        payment_intent: session.payment_intent,
        refunded,
        refunds: {
          object: 'list',
          data: [{ id: opts.refundId ?? `re_${randomBytes(8).toString('hex')}`, object: 'refund' }],
        },
      },
    },
  };
}

/** A Stripe event object as Stripe sends it for a Checkout Session. */
export function sessionEvent(
  type: string,
  session: StandinSession,
  id = `evt_${randomBytes(10).toString('hex')}`,
) {
  return {
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { ...session } },
  };
}
