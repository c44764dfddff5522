/**
 * Invoice calls (contract invoice.api.ts, decisions 061, 062): the buyer's, by account or by ticket
 * link, and the superusers' list, downloads and invoicing setup.
 */
import { INVOICE_MESSAGES } from '@rome/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { route, signedIn } from '../../lib/contract-route';
import { limitAddress } from '../../lib/ip';
import { refuseLinkMiss, ticketByLink } from '../orders/ticket-link';
import {
  adminDocumentFile,
  type InvoiceFile,
  type InvoicingActor,
  invoicingOverview,
  listInvoices,
  orderDocumentFile,
  orderInvoiceView,
  ownOrderId,
  requestInvoice,
  setPackageVat,
  setSeller,
} from './service';

/** Superusers manage every operator; operators' own accounts do not exist yet (decision 061). */
const SUPERUSER: InvoicingActor = { kind: 'superuser' };

const sendFile = (reply: FastifyReply, file: InvoiceFile) =>
  reply
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .type(file.type)
    .send(file.body);

export const invoiceRoutes: FastifyPluginAsync = async (app) => {
  const ownBase = (uniqueId: string) => `/api/tickets/${encodeURIComponent(uniqueId)}/invoice`;
  const linkBase = (token: string) => `/api/ticket-links/${encodeURIComponent(token)}/invoice`;

  /** The order a ticket link opens; a wrong token is 404 and counted against the address (decision 019). */
  const linkOrder = async (req: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const ticket = await ticketByLink(app.db, req.params.token);
    if (ticket) return ticket.orderId;
    return refuseLinkMiss(app.db, limitAddress(req.ip), INVOICE_MESSAGES.notFound);
  };

  route(app, 'GET /api/tickets/:uniqueId/invoice/', async (req) => {
    const orderId = await ownOrderId(app.db, signedIn(req).id, req.params.uniqueId);
    return orderInvoiceView(app.db, orderId, ownBase(req.params.uniqueId));
  });
  route(app, 'POST /api/tickets/:uniqueId/invoice/', async (req) => {
    const orderId = await ownOrderId(app.db, signedIn(req).id, req.params.uniqueId);
    return requestInvoice(app.db, orderId, req.body, ownBase(req.params.uniqueId));
  });
  route(app, 'GET /api/tickets/:uniqueId/invoice/:doc/:format/', async (req, reply) => {
    const orderId = await ownOrderId(app.db, signedIn(req).id, req.params.uniqueId);
    return sendFile(reply, await orderDocumentFile(app.db, orderId, req.params.doc, req.params.format));
  });

  route(app, 'GET /api/ticket-links/:token/invoice/', async (req, reply) =>
    orderInvoiceView(app.db, await linkOrder(req, reply), linkBase(req.params.token)),
  );
  route(app, 'POST /api/ticket-links/:token/invoice/', async (req, reply) =>
    requestInvoice(app.db, await linkOrder(req, reply), req.body, linkBase(req.params.token)),
  );
  route(app, 'GET /api/ticket-links/:token/invoice/:doc/:format/', async (req, reply) => {
    const orderId = await linkOrder(req, reply);
    return sendFile(reply, await orderDocumentFile(app.db, orderId, req.params.doc, req.params.format));
  });

  route(app, 'GET /api/admin/invoices/', async (req) => ({
    invoices: await listInvoices(app.db, SUPERUSER, req.query.operator, req.query.year),
  }));
  route(app, 'GET /api/admin/invoices/:id/:format/', async (req, reply) =>
    sendFile(reply, await adminDocumentFile(app.db, SUPERUSER, req.params.id, req.params.format)),
  );
  route(app, 'GET /api/admin/invoicing/', async () => ({
    operators: await invoicingOverview(app.db, SUPERUSER),
  }));
  route(app, 'PUT /api/admin/operators/:companySlug/seller/', async (req) =>
    setSeller(app.db, SUPERUSER, req.params.companySlug, req.body),
  );
  route(app, 'PUT /api/admin/packages/:packageTag/vat/', async (req) =>
    setPackageVat(app.db, SUPERUSER, req.params.packageTag, req.body),
  );
};
