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
 *
 * A pass sends with `concurrency` workers, each claiming one message at a time (decision 033), over a
 * pool of as many SMTP connections kept open (a connection and its greeting for every message cost
 * more than the message; decision 048). A pass that reached its limit is followed by another at once.
 * With MAIL_SENDER=process the shop only queues (no loop, no kick) and `npm run mail:sender` sends.
 */
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { READY_PROBE } from '../lib/ready-probe';
import {
  type AttachmentRender,
  type ClaimedRow,
  claimDue,
  enqueueMail,
  type MailAttachment,
  type MailMessage,
  markFailed,
  markSent,
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
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'publicUrl'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** How long a claim holds a message (outbox.ts CLAIM_SECONDS; tests shorten it). */
  claimSeconds?: number;
  /** Makes the attachments queued as a recipe (a ticket's PDF); buildApp passes the shop's. */
  renderAttachment?: (r: AttachmentRender) => Promise<Buffer>;
  /** Messages in flight at once in a pass, and SMTP connections kept open (MAIL_CONCURRENCY). */
  concurrency?: number;
};

/** Messages sent at once by default: enough to keep a local relay busy, few enough for a slow one. */
export const MAIL_CONCURRENCY = 4;
/** At most this many messages a pass; a pass that sends them all is followed by another at once. */
const PASS_LIMIT = 200;

function makeTransport(config: Options['config'], connections: number): Transporter {
  if (config.smtpUrl) {
    // A slow relay (20-30 s a message was seen) is waited for: giving up while it still delivers
    // sent the message again on the next try. All three together stay inside one claim (CLAIM_SECONDS).
    // Pooled: the connections stay open between messages (a broken one is replaced on the next send).
    return nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: connections,
      maxMessages: Number.POSITIVE_INFINITY,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 120_000,
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
  claimSeconds,
  concurrency = MAIL_CONCURRENCY,
}: Options): Mailer {
  // One Message-ID per message, the same on every try: a receiver drops a copy a retry delivers
  // after a try whose answer was lost (a relay that answered too late, a crash before 'sent').
  const idDomain = new URL(config.publicUrl).hostname || 'localhost';
  const workers = Math.max(1, Math.floor(concurrency));
  const transport = makeTransport(config, workers);
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

  async function send(row: ClaimedRow): Promise<void> {
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
      messageId: `<${row.id}@${idDomain}>`,
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

  /** Claims and sends one due message (`claimed` false: none was due). */
  async function sendOne(): Promise<{ claimed: boolean; sent: boolean }> {
    const [row] = await claimDue(db, 1, claimSeconds);
    if (!row) return { claimed: false, sent: false };
    try {
      await send(row);
      if (await markSent(db, row.id, row.claimToken)) return { claimed: true, sent: true };
      log.warn({ mailId: row.id }, 'mail sent after its claim ran out');
    } catch (err: any) {
      const reason = String(err?.code ?? err?.message ?? err);
      log.warn({ mailId: row.id, attempts: row.attempts, reason }, 'mail not sent, will retry');
      await markFailed(db, row.id, row.attempts, reason, row.claimToken);
    }
    return { claimed: true, sent: false };
  }

  /** Answers how many were sent and whether the pass stopped at its limit (more may be due). */
  async function pass(): Promise<{ sent: number; full: boolean }> {
    let sent = 0;
    let claimed = 0;
    let empty = false;
    // One message claimed at a time by each worker, so a claim covers one try only (a batch claimed at
    // once outlasted its claim behind a slow relay, and another instance sent its tail again).
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (!empty && !closed && claimed < PASS_LIMIT) {
          claimed++;
          const one = await sendOne();
          if (!one.claimed) {
            claimed--;
            empty = true;
          } else if (one.sent) sent++;
        }
      }),
    );
    return { sent, full: !empty && claimed >= PASS_LIMIT };
  }

  function drain(): Promise<number> {
    if (queued) return queued;
    const next = current
      .catch(() => 0)
      .then(async () => {
        queued = null;
        const { sent, full } = await pass();
        // More are due: the next pass now, not at the next tick (a rush queues faster than 200 a tick).
        if (full && auto && !closed) void drain();
        return sent;
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
      try {
        await writeFile(probe, READY_PROBE, { mode: 0o600 });
      } finally {
        await rm(probe, { force: true });
      }
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
      transport.close();
    },
  };
}
