/**
 * E-mail changes the previous address can undo. A change of address is made with
 * the current password; the previous address gets a link with a random token (256 bits, stored as
 * its SHA-256, single use, EMAIL_UNDO_TTL_DAYS days). Following it puts the previous address back,
 * voids every token of the account (`tokens_valid_after`, refresh families) and spends every other
 * undo link of the account, so a later change's link cannot take the address away again.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { I18n } from '@lingui/core';
import { EMAIL_UNDO_PATH, EMAIL_UNDO_TTL_DAYS, escapeHtml, PRODUCT_NAME } from '@rome/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailChangeUndos, refreshTokens, users } from '../../db/schema';
import { serverI18n } from '../../i18n/catalog';
import { isUniqueViolation } from '../../lib/users';
import { enqueueMail, type MailMessage } from '../../mail/outbox';
import { simpleHtml } from '../../mail/templates';

export const undoTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The notice to the previous address, in the language of the page the change was made on (decision 024). */
export function emailChangedMail(
  to: string,
  name: string,
  newEmail: string,
  undoUrl: string,
  i18n: I18n = serverI18n('en'),
): MailMessage {
  const shop = PRODUCT_NAME;
  const subject = i18n._('The e-mail address of your {shop} account was changed', { shop });
  const days = EMAIL_UNDO_TTL_DAYS;
  const lines = [
    i18n._('Hello {name},', { name }),
    i18n._(
      'The e-mail address of your {shop} account was changed from this address to {newEmail}. Every other device signed in to the account has been signed out.',
      { shop, newEmail },
    ),
    i18n._(
      'If this was not you, open this link within {days} days to put this address back and sign out every device: {url}',
      { days, url: undoUrl },
    ),
    i18n._(
      'Then reset your password with "Forgot password?" on the sign-in page. If the change was yours, you need not do anything.',
    ),
  ];
  // The link's words wrap the link: the text is escaped around a placeholder the link replaces.
  const undo = escapeHtml(
    i18n._(
      'If this was not you, <0>undo the change</0> within {days} days: this address comes back and every device is signed out.',
      { days },
    ),
  ).replace(
    /&lt;0&gt;(.*?)&lt;\/0&gt;/,
    (_, words: string) => `<a href="${escapeHtml(undoUrl)}">${words}</a>`,
  );
  const html = simpleHtml(i18n._('Your e-mail address was changed'), [
    escapeHtml(lines[0]),
    escapeHtml(lines[1]),
    undo,
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
  input: { userId: string; name: string; oldEmail: string; newEmail: string; baseUrl: string; i18n?: I18n },
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
  await enqueueMail(tx, emailChangedMail(input.oldEmail, input.name, input.newEmail, url, input.i18n));
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
