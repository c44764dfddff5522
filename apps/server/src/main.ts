/** Reads config, opens the database, seeds on first start, builds the app and listens. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { WIDGET_SCRIPT_PATH } from '@rome/contract';
import pino from 'pino';
import { buildApp, loggerOptions } from './app';
import { loadConfig } from './config';
import { SEED_LOCK, withAdvisoryLock } from './db/client';
import { closeUpDataDir, DataDirInUse, lockEmbeddedDatabase, privateFiles } from './db/data-dir';
import { openDatabase } from './db/open';
import { demoSecret, seedBase, seedCatalog, seedDemoAccounts } from './db/seed/index';
import { ensureAgentAccount } from './modules/agents/devices';
import { demoSecondFactor } from './modules/auth/second-factor';
import { makePartner } from './modules/checkout/widget';
import { createReseller } from './modules/reseller/keys';
import { createStorage } from './storage/index';

privateFiles();
const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });
closeUpDataDir(config.dataDir);
const logger = pino(loggerOptions(config.logLevel));
if (!config.databaseUrl) {
  try {
    lockEmbeddedDatabase(config.dataDir, 'the shop (npm start)');
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const storage = createStorage(config);
// Several instances may start together: one seeds, the others wait and then find the data there.
const demo = await withAdvisoryLock(database, SEED_LOCK, async () => {
  await seedBase(database.db);
  if (!config.seedDemo) return null;
  const seeded = await seedCatalog(database.db, storage);
  if (seeded) logger.info('Seeded the demo catalogue');
  return seedDemoAccounts(database.db, config.dataDir, {
    resellerKeys: async () => {
      // The demo scanner stands at the Colosseum's door: it redeems the Colosseum's tickets only.
      const demoKeys = [
        { name: 'Demo Reseller (OCTO)', canRedeem: false, redeemProducts: [] },
        {
          name: 'Demo gate scanner (OCTO redemption)',
          canRedeem: true,
          redeemProducts: ['RM-COL'],
        },
      ];
      const out = [];
      for (const k of demoKeys) {
        const { key } = await createReseller(database.db, k);
        out.push({ ...k, key });
      }
      return out;
    },
    // A hotel that sells the Colosseum through the booking widget on its own site (decision 060).
    widgetPartners: async () => {
      const name = 'Hotel Forum (demo widget partner)';
      const { code } = await makePartner(database.db, name, null);
      const script_tag = `<script src="${config.publicUrl}${WIDGET_SCRIPT_PATH}" data-package="RM-COL" data-partner="${code}" async></script>`;
      return [{ name, code, script_tag }];
    },
    // The demo superuser has its authenticator from the start (decision 051); its secret is printed.
    secondFactor: (userId) => demoSecondFactor(database.db, config.jwtSecret, userId),
    // Each demo agent can also sign in to the agents' app at /agent.
    agentApp: async (agents) => {
      const out = [];
      for (const [i, a] of agents.entries()) {
        const login = { agent: a.name, email: `agent${i + 1}@demo.example`, password: demoSecret() };
        await ensureAgentAccount(database.db, {
          agentName: a.name,
          email: login.email,
          password: login.password,
        });
        out.push(login);
      }
      return out;
    },
  });
});

const app = await buildApp({ config, database, storage, logger });
await app.listen({ port: config.port, host: config.host });

const lines = [`\n  Rome ticket shop is running at ${config.publicUrl}`, `  Database: ${database.kind}`];
if (demo && !demo.accounts) {
  lines.push(
    '  Demo accounts: made by another instance on this database (see its DATA_DIR/demo-accounts.json).',
  );
} else if (demo?.accounts) {
  const a = demo.accounts;
  lines.push(
    `  Demo accounts (${demo.created ? 'created now' : 'kept'} in ${path.join(config.dataDir, 'demo-accounts.json')}):`,
    `    customer   ${a.customer.email}  ${a.customer.password}`,
    `    editor     ${a.editor.email}  ${a.editor.password}`,
    `    superuser  ${a.superuser.email}  ${a.superuser.password}${a.superuser.totp_secret ? `  authenticator secret ${a.superuser.totp_secret}` : ''}`,
    ...a.agents.map((g) => `    agent      ${g.name}  security code ${g.code}`),
    ...(a.resellers ?? []).map((r) => `    OCTO key   ${r.name}  ${r.key}`),
    ...(a.agentApp ?? []).map((g) => `    agent app  ${g.email}  ${g.password}  (${g.agent}, at /agent)`),
    ...(a.widgetPartners ?? []).map((w) => `    widget     ${w.name}: put on any site ${w.script_tag}`),
    ...(a.operators ?? []).map(
      (o) =>
        `    operator   ${o.email}  ${o.password}  (${o.role} of ${o.operator}, at /operator${o.totp_secret ? `; authenticator secret ${o.totp_secret}` : ''})`,
    ),
  );
}
process.stdout.write(`${lines.join('\n')}\n\n`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  // Stop accepting, let in-flight requests finish, then close the database.
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
