/**
 * Sends what the outbox holds. With SMTP_URL set, through that server (nodemailer); otherwise each
 * message becomes an `.eml` file under `<DATA_DIR>/outbox/` and its path is logged, so the demo
 * works offline and a developer can open the mail.
 *
 * `app.mailer` (see ../app.ts): `enqueue(msg)` stores a message and wakes the sender; `drain()`
 * sends everything due now and resolves when that pass is over (tests call it to send at once);
 * `start()` / `stop()` run or stop the 2-second background loop and the kick after each enqueue
 * (buildApp starts it; closing the app stops it and waits for a pass in flight).
 * Message bodies never reach the logs (they can hold reset codes).
 */
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  type AttachmentRender,
  claimDue,
  enqueueMail,
  type MailAttachment,
  type MailMessage,
  markFailed,
  markSent,
  type OutboxRow,
} from './outbox';

export type Mailer = {
  enqueue(msg: MailMessage): Promise<string>;
  /**
   * Throws unless mail can leave: without SMTP_URL, that the outbox folder takes a file (the
   * readiness check, /readyz). With SMTP the relay is not probed: mail waits in the table if it is down.
   */
  checkReady(): Promise<void>;
  drain(): Promise<number>;
  /** Runs the background loop, and a pass right after each enqueue. */
  start(): void;
  /** Stops the loop and the kick after enqueue (`drain()` still works): tests that want control. */
  stop(): void;
  /** Stops for good and waits for a pass in flight (the app's onClose hook). */
  close(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox sender (decorated in buildApp). */
    mailer: Mailer;
  }
}

export const DRAIN_INTERVAL_MS = 2000;

type Options = {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** Makes the attachments queued as a recipe (a ticket's PDF); buildApp passes the shop's. */
  renderAttachment?: (r: AttachmentRender) => Promise<Buffer>;
};

function makeTransport(config: Options['config']): Transporter {
  if (config.smtpUrl) {
    return nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as any);
  }
  return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
}

export function createMailer({
  db,
  config,
  log,
  intervalMs = DRAIN_INTERVAL_MS,
  renderAttachment,
}: Options): Mailer {
  const transport = makeTransport(config);
  const outboxDir = path.join(config.dataDir, 'outbox');
  let timer: NodeJS.Timeout | null = null;
  let auto = false;
  let closed = false;
  // Passes run one after another; a call made while a pass is queued shares that pass.
  let current: Promise<number> = Promise.resolve(0);
  let queued: Promise<number> | null = null;

  /** The outbox folder, only for the shop's own user (0700; a folder made earlier is narrowed too). */
  let outboxReady = false;
  async function ensureOutboxDir(): Promise<void> {
    if (outboxReady) return;
    await mkdir(outboxDir, { recursive: true, mode: 0o700 });
    await chmod(outboxDir, 0o700);
    outboxReady = true;
  }

  /** An attachment's bytes: stored with the message, or made now from its recipe. */
  async function contentOf(a: MailAttachment): Promise<Buffer> {
    if (a.contentBase64 !== undefined) return Buffer.from(a.contentBase64, 'base64');
    // A failure here fails this try: the message is tried again later, like a relay that is down.
    if (!renderAttachment) throw new Error(`No renderer for a '${a.render.kind}' attachment`);
    return renderAttachment(a.render);
  }

  async function send(row: OutboxRow): Promise<void> {
    // One after another, in their order: a ticket's PDF shows the QR the attachment before it drew
    // (tickets/qr.ts), which at once would be drawn twice.
    const attachments = [];
    for (const a of (row.attachments as MailAttachment[] | null) ?? [])
      attachments.push({
        filename: a.filename,
        contentType: a.contentType,
        content: await contentOf(a),
        cid: a.cid,
      });
    const info = await transport.sendMail({
      from: config.mailFrom,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
      attachments,
    });
    if (!config.smtpUrl) {
      await ensureOutboxDir();
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${row.id}.eml`);
      // Reset codes and ticket links open accounts and tickets: readable by the shop's own user only.
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ mailId: row.id, file }, 'mail written to the outbox folder (no SMTP_URL set)');
    } else {
      log.info({ mailId: row.id }, 'mail sent');
    }
  }

  async function pass(): Promise<number> {
    let sent = 0;
    // A bounded number of batches per pass, so one pass cannot run forever.
    for (let batch = 0; batch < 20 && !closed; batch++) {
      const rows = await claimDue(db, 10);
      if (rows.length === 0) break;
      for (const row of rows) {
        try {
          await send(row);
          await markSent(db, row.id);
          sent++;
        } catch (err: any) {
          const reason = String(err?.code ?? err?.message ?? err);
          log.warn({ mailId: row.id, attempts: row.attempts, reason }, 'mail not sent, will retry');
          await markFailed(db, row.id, row.attempts, reason);
        }
      }
    }
    return sent;
  }

  function drain(): Promise<number> {
    if (queued) return queued;
    const next = current
      .catch(() => 0)
      .then(() => {
        queued = null;
        return pass();
      })
      .catch((err) => {
        log.warn({ err: String(err?.message ?? err) }, 'mail outbox drain failed');
        return 0;
      });
    queued = next;
    current = next;
    return next;
  }

  function stop() {
    auto = false;
    if (timer) clearInterval(timer);
    timer = null;
  }

  return {
    async enqueue(msg) {
      // A failure throws without the mail's text (enqueueMail keeps its parameters out of the error).
      const id = await enqueueMail(db, msg);
      if (auto && !closed) void drain();
      return id;
    },
    drain,
    async checkReady() {
      if (config.smtpUrl) return;
      outboxReady = false;
      await ensureOutboxDir();
      const probe = path.join(outboxDir, `.ready-${process.pid}-${Date.now()}`);
      await writeFile(probe, '', { mode: 0o600 });
      await rm(probe, { force: true });
    },
    start() {
      if (closed || timer) return;
      auto = true;
      timer = setInterval(() => void drain(), intervalMs);
      timer.unref();
    },
    stop,
    async close() {
      stop();
      closed = true;
      await current.catch(() => 0);
    },
  };
}
