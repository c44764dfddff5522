/**
 * The guard of the operators' console calls (access 'operator', decision 066): a signed-in person with
 * one of the call's roles at the operator named by the path's `folder`, or a superuser (every
 * operator's manager). Anyone else signed in gets 403, whatever their role at another operator; the
 * role is read from the database on each call (a removed person loses the console at once). A
 * manager's account must have its second factor first (decision 051), as a superuser's must. The
 * routes then work on `req.params.folder`, the very operator checked here.
 */
import { OPERATOR_MESSAGES, type OperatorRole } from '@rome/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { operatorStaff } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { requireFactorOfRole, requireUser } from './plugin';

const refused = (error: string, code: string) => new HttpError(403, { error, detail: error, code });

export function requireOperator(roles: readonly OperatorRole[]): preHandlerAsyncHookHandler {
  return async function operatorGuard(req: FastifyRequest, reply: FastifyReply) {
    await requireUser(req, reply);
    const user = req.user!;
    const folderId = Number((req.params as { folder?: unknown }).folder);
    const known = Number.isSafeInteger(folderId) && folderId > 0;
    let role: OperatorRole | null = null;
    if (user.isSuperuser) role = 'manager';
    else if (known) {
      const [row] = await req.server.db
        .select({ role: operatorStaff.role })
        .from(operatorStaff)
        .where(and(eq(operatorStaff.userId, user.id), eq(operatorStaff.folderId, folderId)));
      role = row?.role ?? null;
    }
    if (!role) throw refused(OPERATOR_MESSAGES.notMember, 'not_operator_member');
    if (!roles.includes(role)) throw refused(OPERATOR_MESSAGES.roleRefused, 'operator_role_refused');
    requireFactorOfRole(user);
  };
}
