/**
 * Operators' statements (decision 068, contract statement.api.ts): superusers' for any operator or all,
 * an operator's managers' for their own (the path's folder, checked by the operator guard, decision
 * 066). Thin: the period and the folder go to `operatorStatement`.
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
  const json = (q: StatementQuery, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
    return operatorStatement(app.db, params(q));
  };
  const csv = async (q: StatementQuery, reply: FastifyReply) =>
    sendFile(
      reply,
      fileName(q, 'csv'),
      'text/csv; charset=utf-8',
      statementCsv(await operatorStatement(app.db, params(q))),
    );
  const xlsx = async (q: StatementQuery, reply: FastifyReply) =>
    sendFile(
      reply,
      fileName(q, 'xlsx'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      await statementXlsx(await operatorStatement(app.db, params(q))),
    );

  route(app, 'GET /api/admin/statements/', async (req, reply) => json(req.query, reply));
  route(app, 'GET /api/admin/statements/csv/', async (req, reply) => csv(req.query, reply));
  route(app, 'GET /api/admin/statements/xlsx/', async (req, reply) => xlsx(req.query, reply));

  // An operator's console: the path's folder (the operator guard checked it), whatever the query says.
  const own = (folder: number, q: { from: string; to: string }): StatementQuery => ({
    folder,
    from: q.from,
    to: q.to,
  });
  route(app, 'GET /api/operator/:folder/statement/', async (req, reply) =>
    json(own(req.params.folder, req.query), reply),
  );
  route(app, 'GET /api/operator/:folder/statement/csv/', async (req, reply) =>
    csv(own(req.params.folder, req.query), reply),
  );
  route(app, 'GET /api/operator/:folder/statement/xlsx/', async (req, reply) =>
    xlsx(own(req.params.folder, req.query), reply),
  );

  route(app, 'GET /api/admin/statements/operators/', async () => ({
    operators: await statementOperators(app.db),
  }));
  route(app, 'PUT /api/admin/operators/:companySlug/commission/', async (req) => ({
    operator: await setCommission(app.db, req.params.companySlug, req.body.commission_bps),
  }));
};
