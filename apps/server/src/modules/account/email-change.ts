/**
 * E-mail changes the previous address can undo (issue #21, item 1). A change of address is made with
 * the current password; the previous address gets a link with a random token (256 bits, stored as
 * its SHA-256, single use, EMAIL_UNDO_TTL_DAYS days). Following it puts the previous address back,
 * voids every token of the account (`tokens_valid_after`, refresh families) and spends every other
 * undo link of the account, so a later change's link cannot take the address away again.
 */
import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_UNDO_PATH, EMAIL_UNDO_TTL_DAYS, escapeHtml, PRODUCT_NAME } from '@rome/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailChangeUndos, refreshTokens, users } from '../../db/schema';
import { enqueueMail, type MailMessage } from '../../mail/outbox';
import { simpleHtml } from '../../mail/templates';
import { isUniqueViolation } from '../auth/users';

export const undoTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export function emailChangedMail(to: string, name: string, newEmail: string, undoUrl: string): MailMessage {
  const subject = `The e-mail address of your ${PRODUCT_NAME} account was changed`;
  const lines = [
    `Hello ${name},`,
    `The e-mail address of your ${PRODUCT_NAME} account was changed from this address to ${newEmail}. Every other device signed in to the account has been signed out.`,
    `If this was not you, open this link within ${EMAIL_UNDO_TTL_DAYS} days to put this address back and sign out every device: ${undoUrl}`,
    'Then reset your password with "Forgot password?" on the sign-in page. If the change was yours, you need not do anything.',
  ];
  const html = simpleHtml('Your e-mail address was changed', [
    escapeHtml(lines[0]),
    escapeHtml(lines[1]),
    `If this was not you, <a href="${escapeHtml(undoUrl)}">undo the change</a> within ${EMAIL_UNDO_TTL_DAYS} days: this address comes back and every device is signed out.`,
    escapeHtml(lines[3]),
  ]);
  return { to, subject, text: [...lines, '', PRODUCT_NAME].join('\n\n'), html };
}

/**
 * Records a change from `oldEmail` (already written to the account by the caller, in `tx`) and queues
 * the notice with its undo link to the old address, in the same transaction.
 */
export async function recordEmailChange(
  tx: Db,
  input: { userId: string; name: string; oldEmail: string; newEmail: string; baseUrl: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailChangeUndos).values({
    userId: input.userId,
    tokenHash: undoTokenHash(token),
    oldEmail: input.oldEmail,
    newEmail: input.newEmail,
    expiresAt: new Date(Date.now() + EMAIL_UNDO_TTL_DAYS * 86_400_000),
  });
  const url = `${input.baseUrl}${EMAIL_UNDO_PATH}#token=${token}`;
  await enqueueMail(tx, emailChangedMail(input.oldEmail, input.name, input.newEmail, url));
}

export type UndoResult = { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'taken' };

/** Spends an undo link: the previous address comes back and every sign-in of the account ends. */
export async function undoEmailChange(db: Db, token: string): Promise<UndoResult> {
  const hash = undoTokenHash(token);
  return db
    .transaction(async (tx) => {
      const [undo] = await tx
        .update(emailChangeUndos)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailChangeUndos.tokenHash, hash),
            isNull(emailChangeUndos.usedAt),
            sql`${emailChangeUndos.expiresAt} > now()`,
          ),
        )
        .returning();
      if (!undo) return { ok: false, reason: 'invalid' } as const;
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, undo.oldEmail), ne(users.id, undo.userId)))
        .limit(1);
      // The link stays unspent (the transaction rolls back): support can help, then it still works.
      if (taken) throw new AddressTakenError();
      const [user] = await tx
        .update(users)
        .set({ email: undo.oldEmail, tokensValidAfter: new Date(Date.now() + 1), updatedAt: new Date() })
        .where(and(eq(users.id, undo.userId), isNull(users.deletedAt)))
        .returning({ id: users.id });
      if (!user) return { ok: false, reason: 'invalid' } as const;
      await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.userId, undo.userId), isNull(refreshTokens.revokedAt)));
      // Every other link of the account is spent: a later change's link cannot move the address again.
      await tx
        .update(emailChangeUndos)
        .set({ usedAt: sql`now()` })
        .where(and(eq(emailChangeUndos.userId, undo.userId), isNull(emailChangeUndos.usedAt)));
      return { ok: true, userId: undo.userId } as const;
    })
    .catch((err) => {
      if (err instanceof AddressTakenError || isUniqueViolation(err))
        return { ok: false, reason: 'taken' } as const;
      throw err;
    });
}

class AddressTakenError extends Error {}
