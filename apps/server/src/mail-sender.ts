/**
 * `npm run mail:sender`: the mail outbox's sender in a process of its own (decision 048), for shops
 * run with MAIL_SENDER=process on PostgreSQL. It draws each ticket's QR picture and sends the e-mails
 * (mail/mailer.ts) on the same database, media folder and SMTP_URL as the shops, so the shops' CPU
 * goes to answering buyers. Several may run: each message is claimed by one sender (decision 033).
 * It polls the outbox every MAIL_POLL_MS (default 250 ms); a pass that finds more than its limit is
 * followed by another at once. SIGTERM or SIGINT: the pass in flight ends, then the process.
 */
import pino from 'pino';
import { loggerOptions } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/open';
import { loadCatalogues } from './i18n/catalog';
import { createMailer } from './mail/mailer';
import { renderTicketAttachment } from './modules/orders/ticket-attachments';
import { createStorage } from './storage/index';

const config = loadConfig();
if (!config.databaseUrl) {
  process.stderr.write(
    'The mail sender needs PostgreSQL (DATABASE_URL): the embedded database is the shop’s alone.\n',
  );
  process.exit(1);
}
const log = pino(loggerOptions(config.logLevel));
// The e-mails' and PDFs' words in every language, read once (as the shop does when it starts).
loadCatalogues();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const storage = createStorage(config);
const mailer = createMailer({
  db: database.db,
  config,
  log,
  intervalMs: Number(process.env.MAIL_POLL_MS ?? 250),
  concurrency: config.mailConcurrency,
  renderAttachment: (r) => renderTicketAttachment(database.db, storage, r),
});
mailer.start();
void mailer.drain();
log.info({ concurrency: config.mailConcurrency }, 'mail sender started');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await mailer.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
