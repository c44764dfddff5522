/**
 * The mail outbox: every e-mail is a row in `mail_outbox` first, and a drain on any instance sends
 * it. A mail outage loses nothing; a crashed sender's claim runs out and another instance retries.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

/**
 * A file the sender makes when it sends the message, not the request that queued it (a
 * ticket's PDF costs some 20 ms of CPU and its QR some 3 ms, which the payment's transaction should
 * not wait for). The ticket e-mail queues only its QR; a re-sent ticket its PDF too (decision 048).
 */
export type AttachmentRender =
  | { kind: 'ticket-pdf'; orderId: string; termsUrl: string }
  /** The ticket's QR PNG, drawn on first use (orders/ticket-qr.ts). */
  | { kind: 'ticket-qr'; qrFileKey: string };

export type MailAttachment = {
  filename: string;
  contentType: string;
  /** Set to reference the attachment from the HTML as `cid:<cid>`. */
  cid?: string;
} & (
  | {
      /** The file's bytes, base64. */
      contentBase64: string;
      render?: undefined;
    }
  | { contentBase64?: undefined; render: AttachmentRender }
);

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** The outbox row that stores `msg`. */
export const outboxRow = (msg: MailMessage) => ({
  to: msg.to,
  subject: msg.subject,
  text: msg.text,
  html: msg.html ?? null,
  attachments: msg.attachments?.length ? msg.attachments : null,
});
export const OUTBOX_COLUMNS = [
  'to',
  'subject',
  'text',
  'html',
  'attachments',
] as const satisfies readonly (keyof ReturnType<typeof outboxRow>)[];

/** The insert that stores `msg` in the outbox (to run alone, or in one statement with other writes). */
export const outboxInsert = (db: Db, msg: MailMessage) => db.insert(mailOutbox).values(outboxRow(msg));

/**
 * What a failed outbox insert throws. Its database error lists the parameters: the whole e-mail
 * (address, reset code, ticket link, QR code). Whoever logs this error gets the database's code only.
 * The cause is kept, without the drizzle wrapper, so the error handler still knows an unavailable
 * database (503).
 */
export function outboxError(err: any): Error {
  const cause = err?.cause ?? err;
  return new Error(
    `Could not store the e-mail in the outbox (${cause?.code ?? err?.code ?? 'database error'}).`,
    {
      cause: { code: cause?.code, message: String(cause?.message ?? '').slice(0, 200) },
    },
  );
}

/** Stores a message for sending; returns its id. Call `app.mailer.enqueue` to also wake the sender. */
export async function enqueueMail(db: Db, msg: MailMessage): Promise<string> {
  try {
    const [row] = await outboxInsert(db, msg).returning({ id: mailOutbox.id });
    return row.id;
  } catch (err: any) {
    throw outboxError(err);
  }
}

/**
 * How long a claimed message stays with its sender before another instance may take it over: longer
 * than one try may last (the transport's connection, greeting and socket timeouts, mailer.ts), so a
 * slow relay never has a message sent by two instances. One message is claimed at a time.
 */
export const CLAIM_SECONDS = 300;
/** After this many failed tries a message is marked failed and left alone (`npm run admin -- mail:retry`). */
export const MAX_ATTEMPTS = 10;

/** Wait before the next try: 10 s, 20 s, 40 s ... at most one hour. */
export const backoffSeconds = (attempts: number): number =>
  Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));

const rowsOf = (result: any): any[] => result.rows ?? result;

export type ClaimedRow = OutboxRow & { claimToken: string };

/**
 * Claims up to `limit` due messages for this sender, each under a token of its own. `FOR UPDATE SKIP
 * LOCKED` lets several instances drain at once without taking the same row; `locked_until` keeps the
 * claim after the statement ends, and only the token's holder marks the row (markSent, markFailed).
 */
export async function claimDue(db: Db, limit = 1, claimSeconds = CLAIM_SECONDS): Promise<ClaimedRow[]> {
  const result = await db.execute(sql`
    UPDATE mail_outbox SET locked_until = now() + make_interval(secs => ${claimSeconds}),
      attempts = attempts + 1, claim_token = gen_random_uuid()
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE status = 'pending' AND next_attempt_at <= now()
        AND (locked_until IS NULL OR locked_until <= now())
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, "to", subject, text, html, attachments, attempts, claim_token`);
  return rowsOf(result).map(
    (r) => ({ ...r, attempts: Number(r.attempts), claimToken: r.claim_token }) as ClaimedRow,
  );
}

/** Marks the message sent, if this claim still holds it; answers whether it did. */
export async function markSent(db: Db, id: string, claimToken: string): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE mail_outbox SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL
    WHERE id = ${id} AND claim_token = ${claimToken} RETURNING id`);
  return rowsOf(result).length > 0;
}

export async function markFailed(
  db: Db,
  id: string,
  attempts: number,
  error: string,
  claimToken: string,
): Promise<void> {
  const final = attempts >= MAX_ATTEMPTS;
  await db.execute(sql`
    UPDATE mail_outbox SET
      status = ${final ? 'failed' : 'pending'},
      next_attempt_at = now() + make_interval(secs => ${backoffSeconds(attempts)}),
      locked_until = NULL,
      last_error = ${error.slice(0, 500)}
    WHERE id = ${id} AND claim_token = ${claimToken}`);
}

/** Puts the messages given up after their last try back in line; answers how many. */
export async function requeueFailed(db: Db): Promise<number> {
  const result = await db.execute(sql`
    UPDATE mail_outbox SET status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = NULL
    WHERE status = 'failed' RETURNING id`);
  return rowsOf(result).length;
}
