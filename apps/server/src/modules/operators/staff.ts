/**
 * An operator's people (decision 066): a superuser invites an address to an operator with a role; the
 * invitation's e-mailed link, opened by a signed-in account of that address, makes the person a member.
 * The link proves the mailbox: an account registered with someone else's address (the shop does not
 * verify addresses at registration) cannot take that person's place. Only the token's sha256 is kept.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  escapeHtml,
  OPERATOR_CONSOLE_PATH,
  OPERATOR_INVITATION_DAYS,
  OPERATOR_MESSAGES,
  type OperatorMembership,
  type OperatorRole,
  type OperatorStaff,
} from '@rome/contract';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { folders, operatorStaff, users } from '../../db/schema';
import { recordEdit } from '../../lib/edit-log';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors';
import { isUniqueViolation, normalizeEmail } from '../../lib/users';
import { enqueueMail } from '../../mail/outbox';
import { simpleHtml } from '../../mail/templates';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The operators a person works for (taken invitations only), by name. */
export async function membershipsOf(db: Db, userId: string): Promise<OperatorMembership[]> {
  const rows = await db
    .select({ folderId: folders.id, name: folders.name, slug: folders.companySlug, role: operatorStaff.role })
    .from(operatorStaff)
    .innerJoin(folders, eq(folders.id, operatorStaff.folderId))
    .where(eq(operatorStaff.userId, userId))
    .orderBy(asc(folders.name));
  return rows.map((r) => ({ folder_id: r.folderId, name: r.name, company_slug: r.slug, role: r.role }));
}

/** Every operator, as a superuser sees the console: the manager of each. */
export async function everyOperator(db: Db): Promise<OperatorMembership[]> {
  const rows = await db.select().from(folders).orderBy(asc(folders.name));
  return rows.map((f) => ({ folder_id: f.id, name: f.name, company_slug: f.companySlug, role: 'manager' }));
}

/** The person's role at one operator, or null (not a member, or only invited). */
export async function roleAt(db: Db, userId: string, folderId: number): Promise<OperatorRole | null> {
  const [row] = await db
    .select({ role: operatorStaff.role })
    .from(operatorStaff)
    .where(and(eq(operatorStaff.userId, userId), eq(operatorStaff.folderId, folderId)));
  return row?.role ?? null;
}

const staffColumns = {
  row: operatorStaff,
  operator: folders.name,
  factor: users.secondFactorAt,
};

const staffJson = (r: {
  row: typeof operatorStaff.$inferSelect;
  operator: string;
  factor: Date | null;
}): OperatorStaff => ({
  id: r.row.id,
  folder_id: r.row.folderId,
  operator: r.operator,
  email: r.row.email,
  role: r.row.role,
  accepted_at: r.row.acceptedAt?.toISOString() ?? null,
  invited_at: r.row.invitedAt.toISOString(),
  second_factor: r.factor !== null,
});

/** Every operator's people and open invitations, by operator and address. */
export async function listStaff(db: Db): Promise<OperatorStaff[]> {
  const rows = await db
    .select(staffColumns)
    .from(operatorStaff)
    .innerJoin(folders, eq(folders.id, operatorStaff.folderId))
    .leftJoin(users, eq(users.id, operatorStaff.userId))
    .orderBy(asc(folders.name), asc(operatorStaff.email));
  return rows.map(staffJson);
}

/**
 * Invites an address to an operator with a role and queues the e-mail with its link. The same address
 * twice at one operator is refused (409): remove the person first to change a role, so a role never
 * changes behind a manager's back. Answers the row; the token exists only in the e-mail.
 */
export async function invite(
  db: Db,
  input: { folderId: number; email: string; role: OperatorRole },
  by: { userId: string; email: string },
  publicUrl: string,
): Promise<OperatorStaff> {
  const email = normalizeEmail(input.email);
  const token = randomBytes(32).toString('base64url');
  try {
    return await db.transaction(async (tx) => {
      const t = txDb(tx);
      const [folder] = await t.select().from(folders).where(eq(folders.id, input.folderId));
      if (!folder) throw badRequest(OPERATOR_MESSAGES.operatorUnknown);
      const [row] = await t
        .insert(operatorStaff)
        .values({
          folderId: folder.id,
          email,
          role: input.role,
          tokenHash: tokenHash(token),
          invitedBy: by.userId,
        })
        .returning();
      await recordEdit(t, {
        userId: by.userId,
        entity: 'operator_staff',
        entityKey: row.id,
        before: null,
        // The address is personal data: the edit log keeps the operator and the role only.
        after: { folder: folder.id, role: row.role },
      });
      const link = `${publicUrl}${OPERATOR_CONSOLE_PATH}?invitation=${encodeURIComponent(token)}`;
      const lines = [
        `${by.email} invited you to ${folder.name} as ${input.role} in the Rome Tickets operators' console.`,
        `Sign in (or create an account) with this address, ${email}, then open this link within ${OPERATOR_INVITATION_DAYS} days:`,
        link,
        input.role === 'manager'
          ? 'As a manager you will first set up an authenticator app (a second step at sign-in).'
          : 'If you did not expect this, ignore this e-mail: nothing happens without the link.',
      ];
      await enqueueMail(t, {
        to: email,
        subject: `Your invitation to ${folder.name}`,
        text: lines.join('\n\n'),
        html: simpleHtml(`Your invitation to ${folder.name}`, lines.map(escapeHtml)),
      });
      return staffJson({ row, operator: folder.name, factor: null });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(OPERATOR_MESSAGES.alreadyInvited);
    throw err;
  }
}

/**
 * Takes an invitation with a signed-in account. The account's address must be the invited one; the
 * token is spent (cleared) so the link works once. Answers the membership and the account whose
 * cached state must be forgotten (its role changed).
 */
export async function acceptInvitation(
  db: Db,
  user: { id: string; email: string },
  token: string,
): Promise<OperatorMembership> {
  const [row] = await db
    .select({ row: operatorStaff, folder: folders })
    .from(operatorStaff)
    .innerJoin(folders, eq(folders.id, operatorStaff.folderId))
    .where(
      and(
        eq(operatorStaff.tokenHash, tokenHash(token)),
        sql`${operatorStaff.invitedAt} > now() - make_interval(days => ${OPERATOR_INVITATION_DAYS})`,
      ),
    );
  if (!row) throw badRequest(OPERATOR_MESSAGES.invitationUnknown, 'invitation_unknown');
  if (row.row.email !== normalizeEmail(user.email))
    throw new HttpError(403, {
      error: OPERATOR_MESSAGES.invitationOtherAddress,
      code: 'invitation_other_address',
    });
  const [taken] = await db
    .update(operatorStaff)
    .set({ userId: user.id, acceptedAt: new Date(), tokenHash: null })
    .where(and(eq(operatorStaff.id, row.row.id), isNotNull(operatorStaff.tokenHash)))
    .returning();
  // Two tabs opening the link at once: the second finds it spent.
  if (!taken) throw badRequest(OPERATOR_MESSAGES.invitationUnknown, 'invitation_unknown');
  return {
    folder_id: row.folder.id,
    name: row.folder.name,
    company_slug: row.folder.companySlug,
    role: taken.role,
  };
}

/** Removes a person (or an open invitation); answers the account whose rights changed, if any. */
export async function removeStaff(
  db: Db,
  id: string,
  by: { userId: string },
): Promise<{ userId: string | null }> {
  return db.transaction(async (tx) => {
    const t = txDb(tx);
    const [gone] = await t.delete(operatorStaff).where(eq(operatorStaff.id, id)).returning();
    if (!gone) throw notFound(OPERATOR_MESSAGES.staffUnknown);
    await recordEdit(t, {
      userId: by.userId,
      entity: 'operator_staff',
      entityKey: gone.id,
      before: { folder: gone.folderId, role: gone.role },
      after: null,
    });
    return { userId: gone.userId };
  });
}
