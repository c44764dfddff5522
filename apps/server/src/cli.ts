/**
 * Administration from the shell: `npm run admin -- <command> [options]`. Opens the database the way
 * main.ts does (DATABASE_URL, else the embedded database under DATA_DIR) and migrates it first.
 *
 *   user:create   --email E --name N --password P [--phone 3912345678]
 *   user:grant    --email E --role editor|superuser
 *   user:revoke   --email E --role editor|superuser
 *   user:password --email E --password P      (signs the account out everywhere)
 *   user:export   --email E                   (GDPR: everything held about the account, as JSON)
 *   user:delete   --email E                   (GDPR: erase the person, keep orders anonymised)
 *   user:second-factor-reset --email E        (a lost authenticator: the password alone signs in, then a
 *                                              superuser sets up a new one; every sign-in ends; decision 051)
 *   agent:create  --name N --code C           (ticket agent with a security code, stored hashed)
 *   agent:code    --name N --code C           (new security code)
 *   agent:disable --name N / agent:enable --name N / agent:list
 *   agent:account --name N --email E --password P   (sign-in for the agents' app; makes the agent if new)
 *   agent:devices [--name N] / agent:device-revoke --id ID   (signed-in devices; revoking is at once)
 *   agent:rotate-key                          (a new key signs tickets from now on; old ones still verify)
 *   agent:conflicts                           (tickets claimed twice, one claim made offline)
 *   payments:reconcile [--days 3]             (process Stripe events this shop has not processed)
 *   order:refund  --order UNIQUE_ID           (refund a paid order; the buyer is told by e-mail)
 *   refunds:settle                            (finish refunds the provider did not confirm yet)
 *   mail:retry                                (send again the e-mails given up after their last try)
 *   reseller:create --name N [--rate 300] [--redeem --products TAG,TAG]   (OCTO API key; printed once, stored hashed)
 *   reseller:list / reseller:revoke --id ID
 *   webhooks:retry [--reseller ID]            (send again the webhook deliveries given up: a receiver down
 *                                              longer than WEBHOOK_GIVE_UP_HOURS; decision 056)
 *   statement --from YYYY-MM-DD --to YYYY-MM-DD [--folder N] [--csv]   (an operator's statement, every
 *                                              operator's without --folder; Rome days, decision 068)
 *
 * Exit code 0 on success, 1 on bad input or failure (with a message on stderr).
 */
import { mkdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { AGENT_CODE_LENGTH, AGENT_NAME_MAX, isAgentCode, statementQuerySchema } from '@rome/contract';
import { eq } from 'drizzle-orm';
import { loadConfig } from './config';
import type { Database } from './db/client';
import { closeUpDataDir, DataDirInUse, lockEmbeddedDatabase, privateFiles } from './db/data-dir';
import { openDatabase } from './db/open';
import { users } from './db/schema';
import { notifyChange } from './lib/change-feed';
import { HttpError } from './lib/errors';
import { passwordProblem } from './lib/password-policy';
import { createUser, EmailTakenError, findUserByEmail, setPassword } from './lib/users';
import { requeueFailed } from './mail/outbox';
import { deleteAccount, exportAccountData } from './modules/account/data-rights';
import {
  AgentInputError,
  AgentNameTaken,
  agentNameOf,
  createAgent,
  listAgents,
  setAgentActive,
  setAgentCode,
} from './modules/agents/agents-admin';
import { listConflicts } from './modules/agents/conflicts';
import { AgentAccountTaken, createAgentAccount, listDevices, revokeDevice } from './modules/agents/devices';
import { createSecondFactorService } from './modules/auth/second-factor';
import { USER_TOPIC_PREFIX } from './modules/auth/session-cache';
import { createTokenService } from './modules/auth/tokens';
import { reconcileStripe } from './modules/checkout/stripe-webhook';
import { refundOrder, settlePendingRefunds } from './modules/orders/refunds';
import { addSigningKey, ensureSigningKey, publicKeys } from './modules/orders/signed-ticket';
import { createReseller, listResellers, revokeReseller } from './modules/reseller/keys';
import { requeueFailedDeliveries } from './modules/reseller/webhooks';
import { statementCsv, statementText } from './modules/statements/files';
import { operatorStatement } from './modules/statements/service';
import { createStripeClient, stripeProvider } from './payments/stripe';
import { testProvider } from './payments/test-provider';

const USAGE = `Usage: npm run admin -- <command> [options]

  user:create   --email E --name "Full Name" --password P [--phone 3912345678]
  user:grant    --email E --role editor|superuser
  user:revoke   --email E --role editor|superuser
  user:password --email E --password P
  user:export   --email E        (prints everything held about the account as JSON)
  user:delete   --email E        (erases the account's personal data; orders stay, anonymised)
  user:second-factor-reset --email E   (removes a lost authenticator; every sign-in of the account ends)
  agent:create  --name "Agent Name" --code SECURITY_CODE
  agent:code    --name "Agent Name" --code NEW_CODE
  agent:disable --name "Agent Name"
  agent:enable  --name "Agent Name"
  agent:list
  agent:account --name "Agent Name" --email E --password P
  agent:devices [--name "Agent Name"]
  agent:device-revoke --id DEVICE_ID
  agent:rotate-key
  agent:conflicts
  payments:reconcile [--days 3]
  order:refund  --order UNIQUE_ID
  refunds:settle
  mail:retry
  reseller:create --name "Reseller" [--rate REQUESTS_PER_MINUTE] [--redeem --products TAG,TAG]
  reseller:list
  reseller:revoke --id RESELLER_ID
  webhooks:retry [--reseller RESELLER_ID]
  statement --from YYYY-MM-DD --to YYYY-MM-DD [--folder OPERATOR_NUMBER] [--csv]`;

export class UsageError extends Error {}

function need(values: Record<string, string | undefined>, ...names: string[]) {
  const missing = names.filter((n) => !values[n]);
  if (missing.length) throw new UsageError(`Missing ${missing.map((n) => `--${n}`).join(', ')}.`);
}

const roleColumn = (role: string | undefined) => {
  if (role === 'editor') return 'isEditor' as const;
  if (role === 'superuser') return 'isSuperuser' as const;
  throw new UsageError('--role must be editor or superuser.');
};

export async function run(
  database: Database,
  command: string,
  v: Record<string, string | undefined>,
  /** The server secret (tests pass their app's; the command reads the configuration). */
  opts: { secret?: string } = {},
): Promise<string> {
  const db = database.db;
  const secret = () => opts.secret ?? loadConfig().jwtSecret;
  switch (command) {
    case 'user:create': {
      need(v, 'email', 'name', 'password');
      try {
        const u = await createUser(db, {
          email: v.email!,
          fullName: v.name!,
          phoneNumber: v.phone ?? '0000000000',
          password: v.password!,
        });
        return `Created account ${u.email} (${u.fullName}).`;
      } catch (err) {
        if (err instanceof EmailTakenError) throw new UsageError(`An account for ${v.email} already exists.`);
        throw new UsageError((err as Error).message);
      }
    }
    case 'user:grant':
    case 'user:revoke': {
      need(v, 'email', 'role');
      const column = roleColumn(v.role);
      const user = await findUserByEmail(db, v.email!);
      if (!user) throw new UsageError(`No account for ${v.email}.`);
      const on = command === 'user:grant';
      await db
        .update(users)
        .set({ [column]: on, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await notifyChange(database, `${USER_TOPIC_PREFIX}${user.id}`);
      return `${user.email} ${on ? 'is now' : 'is no longer'} ${v.role === 'editor' ? 'an editor' : 'a superuser'}.`;
    }
    case 'user:password': {
      need(v, 'email', 'password');
      const problem = passwordProblem(v.password!);
      if (problem) throw new UsageError(problem);
      const user = await findUserByEmail(db, v.email!);
      if (!user) throw new UsageError(`No account for ${v.email}.`);
      await setPassword(db, user.id, v.password!);
      await notifyChange(database, `${USER_TOPIC_PREFIX}${user.id}`);
      return `Password of ${user.email} changed; every earlier sign-in of it has ended.`;
    }
    case 'user:second-factor-reset': {
      need(v, 'email');
      const user = await findUserByEmail(db, v.email!);
      if (!user || user.deletedAt) throw new UsageError(`No account for ${v.email}.`);
      await createSecondFactorService(db, secret()).remove(db, user.id);
      await createTokenService(db, secret()).revokeOtherFamilies(user.id);
      await notifyChange(database, `${USER_TOPIC_PREFIX}${user.id}`);
      return `The authenticator of ${user.email} was removed and every sign-in of it ended; it signs in with its password now${user.isSuperuser ? ' and must set up a new one' : ''}.`;
    }
    case 'user:export':
    case 'user:delete': {
      need(v, 'email');
      const user = await findUserByEmail(db, v.email!);
      if (!user || user.deletedAt) throw new UsageError(`No account for ${v.email}.`);
      if (command === 'user:export') return JSON.stringify(await exportAccountData(db, user), null, 2);
      await deleteAccount(db, user);
      await notifyChange(database, `${USER_TOPIC_PREFIX}${user.id}`);
      return `Deleted the account of ${user.email}: personal data erased, orders kept anonymised, every sign-in ended.`;
    }
    case 'agent:create':
    case 'agent:code': {
      need(v, 'name', 'code');
      // The rules are the dashboard's (modules/agents/agents-admin.ts); the words name the options.
      let name: string;
      try {
        name = agentNameOf(v.name!);
      } catch (err) {
        if (err instanceof AgentInputError)
          throw new UsageError(`--name must be 1 to ${AGENT_NAME_MAX} characters.`);
        throw err;
      }
      // The claim page hands focus to the Claim button at this length (spec §5), so a code of any other
      // length could not be typed there.
      if (!isAgentCode(v.code!)) throw new UsageError(`--code must be exactly ${AGENT_CODE_LENGTH} digits.`);
      if (command === 'agent:create') {
        try {
          await createAgent(db, { name, code: v.code! }, null);
        } catch (err) {
          if (err instanceof AgentNameTaken) throw new UsageError(`An agent named "${name}" already exists.`);
          throw err;
        }
        return `Created agent "${name}".`;
      }
      if (!(await setAgentCode(db, { name }, v.code!, null)))
        throw new UsageError(`No agent named "${name}".`);
      return `New security code set for "${name}".`;
    }
    case 'agent:disable':
    case 'agent:enable': {
      need(v, 'name');
      const agent = await setAgentActive(db, { name: v.name! }, command === 'agent:enable', null);
      if (!agent) throw new UsageError(`No agent named "${v.name}".`);
      return `Agent "${v.name}" is ${command === 'agent:enable' ? 'active' : 'disabled'}.`;
    }
    case 'agent:list': {
      const rows = await listAgents(db);
      return rows.length
        ? rows.map((a) => `${a.active ? 'active  ' : 'disabled'}  ${a.name}`).join('\n')
        : 'No agents.';
    }
    case 'agent:account': {
      need(v, 'name', 'email', 'password');
      const problem = passwordProblem(v.password!);
      if (problem) throw new UsageError(problem);
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email!.trim()))
        throw new UsageError('--email is not an address.');
      try {
        const { agentName } = await createAgentAccount(db, {
          agentName: v.name!,
          email: v.email!,
          password: v.password!,
        });
        return `Agent "${agentName}" can sign in to the agents' app as ${v.email!.trim().toLowerCase()}.`;
      } catch (err) {
        if (err instanceof AgentAccountTaken) throw new UsageError(err.message);
        throw err;
      }
    }
    case 'agent:devices': {
      const rows = await listDevices(db, { agentName: v.name?.trim() });
      return rows.length
        ? rows
            .map(
              (d) =>
                `${d.revoked_at ? 'revoked' : 'active '}  ${d.id}  ${d.token_prefix}…  ${d.agent_name}  "${d.label}"  last seen ${d.last_seen_at ?? 'never'}`,
            )
            .join('\n')
        : 'No devices.';
    }
    case 'agent:device-revoke': {
      need(v, 'id');
      if (!/^[0-9a-f-]{36}$/i.test(v.id!))
        throw new UsageError('--id must be a device id (agent:devices shows them).');
      const device = await revokeDevice(db, v.id!);
      if (!device) throw new UsageError(`No device with id ${v.id}.`);
      return `Revoked "${device.label}" of ${device.agent_name}: it is refused from now on.`;
    }
    case 'agent:rotate-key': {
      const row = await addSigningKey(db, secret());
      const count = (await publicKeys({ db, secret: secret() })).length;
      return `New ticket signing key ${row.kid} signs from now on; ${count} keys verify. Running shops pick it up within a minute.`;
    }
    case 'mail:retry': {
      const n = await requeueFailed(db);
      return n === 0
        ? 'No e-mail was given up: nothing to send again.'
        : `${n} e-mail${n === 1 ? '' : 's'} given up after the last try ${n === 1 ? 'is' : 'are'} in line again; the running shop sends ${n === 1 ? 'it' : 'them'} within seconds.`;
    }
    case 'agent:conflicts': {
      const rows = await listConflicts(db);
      const side = (s: (typeof rows)[number]['kept']) =>
        `${s.agent_name ?? s.partner ?? '?'}${s.device ? ` ("${s.device}")` : ''} at ${s.at ?? '?'}`;
      return rows.length
        ? rows
            .map((c) => `${c.unique_id}  ${c.package_tag}  kept: ${side(c.kept)}  other: ${side(c.other)}`)
            .join('\n')
        : 'No conflicts.';
    }
    case 'payments:reconcile': {
      const config = loadConfig();
      if (!config.stripe.secretKey)
        throw new UsageError('STRIPE_SECRET_KEY is not set: there is nothing to reconcile.');
      const days = Number(v.days ?? 3);
      if (!Number.isFinite(days) || days <= 0 || days > 30)
        throw new UsageError('--days must be between 1 and 30.');
      const stripe = createStripeClient({
        secretKey: config.stripe.secretKey,
        host: config.stripe.apiHost,
        port: config.stripe.apiPort,
        protocol: config.stripe.apiProtocol,
      });
      await ensureSigningKey(db, config.jwtSecret);
      const result = await reconcileStripe(
        {
          db,
          publicUrl: config.publicUrl,
          provider: stripeProvider(stripe),
          signingSecret: config.jwtSecret,
          waitlistOfferMinutes: config.waitlistOfferMinutes,
        },
        stripe,
        days * 24 * 3600,
      );
      return `Stripe events seen: ${result.seen}; processed now: ${result.processed}.`;
    }
    case 'order:refund':
    case 'refunds:settle': {
      const config = loadConfig();
      const provider = config.stripe.secretKey
        ? stripeProvider(
            createStripeClient({
              secretKey: config.stripe.secretKey,
              host: config.stripe.apiHost,
              port: config.stripe.apiPort,
              protocol: config.stripe.apiProtocol,
            }),
          )
        : testProvider();
      const deps = { db, provider, publicUrl: config.publicUrl };
      if (command === 'refunds:settle') {
        const r = await settlePendingRefunds(deps);
        return `Refunds settled: ${r.done}; still pending: ${r.pending}.`;
      }
      need(v, 'order');
      try {
        const r = await refundOrder(deps, v.order!.trim(), { reason: 'superuser' });
        return `Order refunded (money ${r.refund_status === 'done' ? 'returned' : 'pending at the provider'}).`;
      } catch (err) {
        if (err instanceof HttpError) throw new UsageError(String(err.body.error));
        throw err;
      }
    }
    case 'reseller:create': {
      need(v, 'name');
      const name = v.name!.trim();
      if (!name || name.length > 120) throw new UsageError('--name must be 1 to 120 characters.');
      const rate = v.rate === undefined ? undefined : Number(v.rate);
      if (rate !== undefined && !(Number.isInteger(rate) && rate >= 10 && rate <= 10_000))
        throw new UsageError('--rate must be a whole number of requests per minute, 10 to 10000.');
      const made = await createReseller(db, {
        name,
        ratePerMinute: rate,
        canRedeem: String(v.redeem) === 'true',
        redeemProducts: (v.products ?? '')
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
      }).catch((err) => {
        // A scanner without products, or a product that does not exist: the shop's own sentence.
        if (err instanceof HttpError) throw new UsageError(String(err.body.error));
        throw err;
      });
      const { reseller, key } = made;
      return [
        `Reseller "${reseller.name}" (id ${reseller.id}), ${reseller.ratePerMinute} requests a minute${reseller.canRedeem ? `, may redeem tickets of ${reseller.redeemProducts.join(', ')}` : ''}.`,
        `API key (shown once, keep it safe): ${key}`,
      ].join('\n');
    }
    case 'reseller:list': {
      const rows = await listResellers(db);
      return rows.length
        ? rows
            .map(
              (r) =>
                `${r.revokedAt ? 'revoked' : 'active '}  ${r.id}  ${r.keyPrefix}…  ${r.ratePerMinute}/min${r.canRedeem ? '  redeem' : ''}  ${r.name}`,
            )
            .join('\n')
        : 'No reseller keys.';
    }
    case 'reseller:revoke': {
      need(v, 'id');
      const id = v.id!;
      if (!/^[0-9a-f-]{36}$/i.test(id))
        throw new UsageError('--id must be a reseller id (reseller:list shows them).');
      const row = await revokeReseller(db, id);
      if (!row) throw new UsageError(`No reseller key with id ${id}.`);
      return `Revoked the key of "${row.name}".`;
    }
    case 'webhooks:retry': {
      if (v.reseller !== undefined && !/^[0-9a-f-]{36}$/i.test(v.reseller))
        throw new UsageError('--reseller must be a reseller id (reseller:list shows them).');
      const n = await requeueFailedDeliveries(db, v.reseller);
      return n === 0
        ? 'No webhook delivery was given up: nothing to send again.'
        : `${n} webhook deliver${n === 1 ? 'y' : 'ies'} given up ${n === 1 ? 'is' : 'are'} in line again, with the booking or availability as it is now; the running shop sends ${n === 1 ? 'it' : 'them'} within seconds.`;
    }
    case 'statement': {
      const query = statementQuerySchema.safeParse({ folder: v.folder, from: v.from, to: v.to });
      if (!query.success) throw new UsageError(query.error.issues[0]?.message ?? 'Bad period.');
      const statement = await operatorStatement(db, {
        folderId: query.data.folder ?? null,
        from: query.data.from,
        to: query.data.to,
      });
      return v.csv ? statementCsv(statement).trimEnd() : statementText(statement);
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE);
  }
}

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        phone: { type: 'string' },
        role: { type: 'string' },
        code: { type: 'string' },
        order: { type: 'string' },
        days: { type: 'string' },
        id: { type: 'string' },
        rate: { type: 'string' },
        redeem: { type: 'boolean' },
        products: { type: 'string' },
        reseller: { type: 'string' },
        folder: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        csv: { type: 'boolean' },
      },
    });
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}\n`);
    return 1;
  }
  const [command = ''] = parsed.positionals;
  if (!command || command === 'help' || command === '--help') {
    process.stderr.write(`${USAGE}\n`);
    return command ? 0 : 1;
  }
  privateFiles();
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  closeUpDataDir(config.dataDir);
  if (!config.databaseUrl) {
    try {
      lockEmbeddedDatabase(config.dataDir, `npm run admin -- ${command}`);
    } catch (err) {
      if (!(err instanceof DataDirInUse)) throw err;
      // The superusers' dashboard makes keys and agents while the shop runs.
      process.stderr.write(
        `${err.message}\nWhile the shop runs, make keys and agent accounts on the dashboard (/analytics).\n`,
      );
      return 1;
    }
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const message = await run(database, command, parsed.values as Record<string, string | undefined>);
    process.stdout.write(`${message}\n`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    process.stderr.write(`Failed: ${(err as Error).message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

// Run as a command (npm run admin), not when a test imports `run`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await main(process.argv.slice(2));
