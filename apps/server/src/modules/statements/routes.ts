/**
 * Operators' statements for superusers (decision 068, contract statement.api.ts). Thin: the period and
 * the folder go to `operatorStatement`, which an operator's own console will call with its folder.
 */
import type { StatementQuery } from '@rome/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { route } from '../../lib/contract-route';
import { statementCsv, statementXlsx } from './files';
import { operatorStatement, type StatementParams, setCommission, statementOperators } from './service';

/** A superuser may ask for every operator (no folder). */
const params = (q: StatementQuery): StatementParams => ({
  folderId: q.folder ?? null,
  from: q.from,
  to: q.to,
});
const fileName = (q: StatementQuery, ext: string) =>
  `statement_${q.folder ?? 'all'}_${q.from}_${q.to}.${ext}`;

const sendFile = (reply: FastifyReply, name: string, type: string, body: string | Buffer) =>
  reply
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="${name}"`)
    .type(type)
    .send(body);

export const statementRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/admin/statements/', async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return operatorStatement(app.db, params(req.query));
  });
  route(app, 'GET /api/admin/statements/csv/', async (req, reply) => {
    const csv = statementCsv(await operatorStatement(app.db, params(req.query)));
    return sendFile(reply, fileName(req.query, 'csv'), 'text/csv; charset=utf-8', csv);
  });
  route(app, 'GET /api/admin/statements/xlsx/', async (req, reply) => {
    const xlsx = await statementXlsx(await operatorStatement(app.db, params(req.query)));
    return sendFile(
      reply,
      fileName(req.query, 'xlsx'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      xlsx,
    );
  });
  route(app, 'GET /api/admin/statements/operators/', async () => ({
    operators: await statementOperators(app.db),
  }));
  route(app, 'PUT /api/admin/operators/:companySlug/commission/', async (req) => ({
    operator: await setCommission(app.db, req.params.companySlug, req.body.commission_bps),
  }));
};
