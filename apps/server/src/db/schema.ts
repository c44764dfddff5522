/**
 * The whole data model, designed up front so later features add behaviour, not tables.
 * Money is integer cents; time is timestamptz (UTC). Identifiers a stranger could see are random.
 */
import {
  AVAILABILITY_TYPES,
  type ExtraTicket,
  GIFT_CARD_STATUSES,
  type InvoiceBuyer,
  type InvoiceLine,
  type OperatorSeller,
  ORDER_STATUSES,
  PRICE_CATEGORY_KEYS,
  PROMO_KINDS,
  PROMO_SCOPES,
  type VatTreatment,
  WAITLIST_STATUSES,
} from '@rome/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A folder is an operating company / bus service. */
export const folders = pgTable('folders', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  companySlug: text('company_slug').notNull().unique(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  /** The operator's seller data for its invoices (decision 061); null: it issues none through the shop yet. */
  seller: jsonb('seller').$type<OperatorSeller>(),
  /**
   * The shop's commission on the operator's sales, in basis points (1500 = 15 %) of what they kept
   * (decision 068); set by a superuser, 0..10000 (a check constraint).
   */
  commissionBps: integer('commission_bps').notNull().default(1500),
  createdAt: createdAt(),
});

/** Uploaded files. `fileKey` is a random storage name: no upload chooses its path. */
export const mediaItems = pgTable('media_items', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  altText: text('alt_text').notNull().default(''),
  fileKey: text('file_key').notNull().unique(),
  /** Small WebP variant for thumbnails (images only). */
  smallKey: text('small_key'),
  mediaType: text('media_type', { enum: ['image', 'video', 'other'] }).notNull(),
  contentType: text('content_type').notNull(),
  fileSize: integer('file_size').notNull(),
  width: integer('width'),
  height: integer('height'),
  uploadedBy: uuid('uploaded_by'),
  createdAt: createdAt(),
});

export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    packageTag: text('package_tag').notNull().unique(),
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id),
    title: text('title').notNull(),
    /** Shown as the subtitle. */
    type: text('type').notNull().default(''),
    /** One of the eight ticket types of the search, or '' for none (booking path E8). */
    duration: text('duration').notNull().default(''),
    ticketType: text('ticket_type', { enum: ['bus_tour', 'museum'] })
      .notNull()
      .default('bus_tour'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    adultPriceCents: integer('adult_price_cents').notNull(),
    youthPriceCents: integer('youth_price_cents').notNull(),
    offPriceCents: integer('off_price_cents'),
    /**
     * The lowest adult price of the 30 days before the current one began, when above it: the only old
     * price the shop may strike through (EU Omnibus, decision 064). Written by the database's trigger
     * on a price change (migration 0029), never by the application.
     */
    priorPriceCents: integer('prior_price_cents'),
    /** Bookable days; empty means an open-dated ticket. */
    dates: date('dates', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
    description: text('description').notNull().default(''),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    metaKeywords: text('meta_keywords').notNull().default(''),
    schemaJson: jsonb('schema_json'),
    isFeatured: boolean('is_featured').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Inventory (contract inventory.ts): null sells as the spec says, by `dates` and without limit. */
    availabilityType: text('availability_type', { enum: AVAILABILITY_TYPES }),
    /** A slot stops selling this many minutes before its start. */
    cutoffMinutes: integer('cutoff_minutes').notNull().default(0),
    /** A buyer may cancel (and is refunded) until this many hours before the start. */
    cancelCutoffHours: integer('cancel_cutoff_hours').notNull().default(24),
    infantsTakePlace: boolean('infants_take_place').notNull().default(false),
    /** Passes: hours of validity from first use, days to first use, and a cap on sales per Rome day. */
    passHours: integer('pass_hours'),
    validityDays: integer('validity_days'),
    dailyCap: integer('daily_cap'),
    /** The storefront's categories the package is listed under (contract package-categories.ts). */
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    /** What a buyer needs before paying, in English (contract package-facts.ts); null shows none. */
    facts: jsonb('facts'),
    /**
     * VAT (decision 061): the rate in basis points (1000 = 10 %) in the VAT-inclusive prices, or 0 with
     * the exemption's Natura code and law (a check constraint keeps the two shapes apart).
     */
    vatRateBp: integer('vat_rate_bp').notNull().default(2200),
    vatNature: text('vat_nature'),
    vatLaw: text('vat_law'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('packages_folder_idx').on(t.folderId)],
);

/** Every price a package has had, from when (decision 064): written by a trigger on `packages`. */
export const packagePrices = pgTable(
  'package_prices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    adultPriceCents: integer('adult_price_cents').notNull(),
    youthPriceCents: integer('youth_price_cents').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('package_prices_package_idx').on(t.packageId, t.validFrom)],
);

/**
 * The price categories a package sells beside adult and youth (decision 070): one row per category it
 * sells, at its price; no row, not sold. The kinds and their rules are the contract's.
 */
export const packagePriceCategories = pgTable(
  'package_price_categories',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    category: text('category', { enum: PRICE_CATEGORY_KEYS }).notNull(),
    priceCents: integer('price_cents').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.category] })],
);

/**
 * A combo (decision 071): a package sold as one product whose parts are other packages, often of other
 * operators. `cancelCutoffHours` is the combo's own cancellation rule; null: the strictest part's.
 */
export const combos = pgTable('combos', {
  packageId: integer('package_id')
    .primaryKey()
    .references(() => packages.id),
  cancelCutoffHours: integer('cancel_cutoff_hours'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A combo's parts, in the order the buyer sees them, each with its operator's share of the price. */
export const comboParts = pgTable(
  'combo_parts',
  {
    comboPackageId: integer('combo_package_id')
      .notNull()
      .references(() => combos.packageId, { onDelete: 'cascade' }),
    partPackageId: integer('part_package_id')
      .notNull()
      .references(() => packages.id),
    position: integer('position').notNull(),
    adultShareCents: integer('adult_share_cents').notNull(),
    youthShareCents: integer('youth_share_cents').notNull(),
  },
  (t) => [primaryKey({ name: 'combo_parts_pk', columns: [t.comboPackageId, t.partPackageId] })],
);

/**
 * A departure or entry time of a package (START_TIME), or its day (OPENING_HOURS: the start is the
 * opening time). Places taken are counted from the orders that hold or bought them, never stored, so a
 * hold that runs out frees its places without a sweeper.
 */
export const slots = pgTable(
  'slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    closed: boolean('closed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('slots_package_start_idx').on(t.packageId, t.startsAt)],
);

/** One row per filled image slot of a package (see IMAGE_SLOTS in the contract). */
export const packageImages = pgTable(
  'package_images',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    slot: text('slot').notNull(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => mediaItems.id),
    altText: text('alt_text').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.slot] }), index('package_images_media_idx').on(t.mediaId)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-case; the username is the e-mail. */
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    isEditor: boolean('is_editor').notNull().default(false),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    /** Tokens issued before this moment are void (password change or reset). */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the account was deleted (its personal data erased; the row stays for its orders). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * When the account's second factor (an authenticator's TOTP, decision 051) was turned on; null
     * without one. On the row so the sign-in and the access guards know it without another read.
     */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /**
     * A manager of some operator (decision 066): kept true to `operator_staff` by a trigger, on the row
     * so the sign-in and the guards know the second factor is required without another read.
     */
    isOperatorManager: boolean('is_operator_manager').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
);

/**
 * An account's authenticator (decision 051): its TOTP secret, encrypted with a key derived from the
 * server's secret (lib/secret-box.ts, decision 052), and the last 30-second step a code was accepted for, so a code
 * is never taken twice. `confirmedAt` is null while the set-up waits for its first code.
 */
export const secondFactors = pgTable('second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  lastStep: bigint('last_step', { mode: 'number' }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** One-time recovery codes of a second factor, as HMAC-SHA-256 of the code (decision 051). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** Refresh tokens by id, grouped in families for rotation and reuse detection. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    familyStartedAt: timestamp('family_started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/**
 * An e-mail change the previous address can undo: the link's token is stored as its
 * SHA-256, works once and expires.
 */
export const emailChangeUndos = pgTable(
  'email_change_undos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_change_undos_user_idx').on(t.userId)],
);

/** One pending reset per user; the code is stored hashed. */
export const passwordResets = pgTable('password_resets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Fixed-window counters shared by every instance (rate limits, lock-outs). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const agents = pgTable('agents', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  codeHash: text('code_hash').notNull(),
  active: boolean('active').notNull().default(true),
  /** The operator the agent works for: it then redeems that operator's tickets only (decision 066). */
  folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * An operator's people (decision 066): an address invited to a company folder with a role. The
 * invitation is taken by the account of that address through the e-mailed link (only the token's
 * sha256 is kept); until then `user_id` is null and the row gives no right.
 */
export const operatorStaff = pgTable(
  'operator_staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['manager', 'sales', 'door'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash'),
    invitedBy: uuid('invited_by'),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operator_staff_folder_email_idx').on(t.folderId, t.email),
    uniqueIndex('operator_staff_token_idx').on(t.tokenHash),
    index('operator_staff_user_idx').on(t.userId),
  ],
);

/**
 * A reseller's API key for the OCTO supplier API (modules/reseller). Only the key's sha256 is stored:
 * a key is 256 random bits, so a fast hash is as safe as a slow one and keeps every request cheap.
 */
export const resellers = pgTable('resellers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The key's first characters, shown in lists so a superuser can tell keys apart. */
  keyPrefix: text('key_prefix').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  /** Requests per minute this key may make (OCTO calls of all kinds). */
  ratePerMinute: integer('rate_per_minute').notNull().default(300),
  /** A partner's scanner may look up and redeem tickets (Ventrata's octo/redemption)... */
  canRedeem: boolean('can_redeem').notNull().default(false),
  /** ...of these products only (package tags, OCTO's productId): the door it stands at. */
  redeemProducts: text('redeem_products').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** The events a reseller's webhook listens to: OCTO's names (its octo/webhooks capability). */
export const WEBHOOK_EVENTS = ['booking_update', 'availability_update'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * A reseller's webhook (decision 056): where to POST one event kind. The signing secret is shown once
 * and kept sealed (AES-256-GCM under a key derived from the server secret): the shop must sign with
 * it, so a hash would not do. A deleted webhook keeps its row for the delivery log.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resellerId: uuid('reseller_id')
      .notNull()
      .references(() => resellers.id),
    event: text('event', { enum: WEBHOOK_EVENTS }).notNull(),
    url: text('url').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    /** OCTO capabilities applied when the payload is rendered (octo/pricing, octo/content). */
    capabilities: text('capabilities').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('webhook_subscriptions_event_idx').on(t.event, t.resellerId)],
);

/**
 * The webhook outbox: one row per event and webhook, written by the database's triggers in the
 * transaction that changed the order or the slot (migration 0023). Claimed one at a time like the
 * mail outbox (decision 033); `body` is rendered at the first try and sent unchanged on every retry.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One change's id, the same for every webhook it goes to and on every try: the receiver's dedupe key. */
    eventId: uuid('event_id').notNull(),
    /** Order of writing: a booking's (or a slot's) events go out in this order. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id),
    resellerId: uuid('reseller_id').notNull(),
    event: text('event', { enum: WEBHOOK_EVENTS }).notNull(),
    /** What happened: created (confirmed), updated, cancelled; changed or closed for an availability. */
    action: text('action').notNull(),
    orderId: uuid('order_id'),
    slotId: uuid('slot_id'),
    packageId: integer('package_id'),
    /** 'order:<id>' or 'slot:<id>': deliveries of one key to one webhook go out one after another. */
    orderKey: text('order_key').notNull(),
    body: text('body'),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Put back in line after it was given up (`webhooks:retry`): the give-up time counts from here. */
    requeuedAt: timestamp('requeued_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_key_idx').on(t.subscriptionId, t.orderKey, t.seq),
    index('webhook_deliveries_reseller_idx').on(t.resellerId, t.createdAt),
  ],
);

/** Each try of a delivery: when, the answer's status, how long, what failed (never a secret or a body). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: createdAt(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.at)],
);

/** A buyer's details as a reseller sends them with an OCTO booking (OCTO's Contact). */
export type BookingContact = {
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
  phoneNumber: string | null;
  locales: string[];
  postalCode: string | null;
  country: string | null;
  notes: string | null;
};
/** One person of an OCTO booking: its uuid (the reseller's or ours), unit and the reseller's reference. */
export type BookingUnitItem = { uuid: string; unitId: string; resellerReference: string | null };

/** An order is one purchase of one package for one date; a paid order is the purchased ticket. */
/**
 * Promo codes (decision 050, contract promo.ts). `codeKey` is the code as compared (upper case, no
 * dashes or spaces); uses are counted from the orders that carry the code, never stored, so an unpaid
 * checkout that runs out gives its use back without a sweeper (as places do, decision 012).
 */
export const promoCodes = pgTable('promo_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull(),
  codeKey: text('code_key').notNull().unique(),
  kind: text('kind', { enum: PROMO_KINDS }).notNull(),
  /** Whole percent (1-100) for 'percent', cents for 'amount'. */
  value: integer('value').notNull(),
  scope: text('scope', { enum: PROMO_SCOPES }).notNull().default('basket'),
  packageId: integer('package_id').references(() => packages.id),
  folderId: integer('folder_id').references(() => folders.id),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  maxUses: integer('max_uses'),
  maxUsesPerCustomer: integer('max_uses_per_customer'),
  minBasketCents: integer('min_basket_cents'),
  active: boolean('active').notNull().default(true),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
});

/**
 * Gift cards (decisions 053, 054): bought like a ticket (a row here with its own payment session), then
 * spent by orders (`orders.gift_card_id`, `gift_card_cents`). The balance is counted from those orders
 * under this row's lock, like places (decision 012): nothing stores it, so nothing can drift.
 * Only keyed hashes of the code and the link's token are stored (the code is derived from the token).
 */
export const giftCards = pgTable('gift_cards', {
  id: uuid('id').primaryKey().defaultRandom(),
  status: text('status', { enum: GIFT_CARD_STATUSES }).notNull().default('pending'),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('eur'),
  /** Where the card is sent; the buyer's own address (the card may be forwarded as a present). */
  buyerEmail: text('buyer_email').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** SHA-256 of the browser's guest token: it opens the purchase's test checkout (decision 035). */
  guestTokenHash: text('guest_token_hash'),
  language: text('language').notNull().default('en'),
  provider: text('provider').notNull(),
  providerSessionId: text('provider_session_id').unique(),
  amountPaidCents: integer('amount_paid_cents'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** HMAC of the normalized code with the server secret: the checkout finds the card by it. */
  codeKey: text('code_key').unique(),
  /** The code's last group, for support to recognise a card (not enough to spend it). */
  codeEnd: text('code_end'),
  linkTokenHash: text('link_token_hash').unique(),
  createdAt: createdAt(),
});

/**
 * Partners who sell through the booking widget (decision 060): a hotel's or an operator's site carries
 * the widget's script tag with the partner's code. Only the code's SHA-256 is stored (and its last
 * characters, for a superuser to tell codes apart); a partner may be one of the OCTO resellers.
 */
export const partners = pgTable('partners', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  codeHash: text('code_hash').notNull().unique(),
  codeEnd: text('code_end').notNull(),
  resellerId: uuid('reseller_id').references(() => resellers.id, { onDelete: 'set null' }),
  active: boolean('active').notNull().default(true),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
});

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The success id in /success/{unique_id}/: random, url-safe. */
    uniqueId: text('unique_id').notNull().unique(),
    /**
     * The buyer's account; null for a reseller's booking (the buyer is the reseller's customer) and for
     * a guest's order (decision 035).
     */
    userId: uuid('user_id').references(() => users.id),
    /** A guest's order: the address its ticket e-mail goes to (decision 035); null otherwise. */
    guestEmail: text('guest_email'),
    /**
     * A guest's order: SHA-256 of the token in that browser's `rbt_guest` cookie, which alone opens its
     * test checkout and success page (decision 035). Never the token itself.
     */
    guestTokenHash: text('guest_token_hash'),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    /** OCTO bookings: the reseller, its booking uuid (unique per reseller: retries make one booking). */
    resellerId: uuid('reseller_id').references(() => resellers.id),
    bookingUuid: uuid('booking_uuid'),
    resellerReference: text('reseller_reference'),
    contact: jsonb('contact').$type<BookingContact>(),
    notes: text('notes'),
    unitItems: jsonb('unit_items').$type<BookingUnitItem[]>(),
    cancelReason: text('cancel_reason'),
    selectedDate: date('selected_date', { mode: 'string' }),
    /** The buyer's language when ordering (decision 024): its e-mails and ticket link speak it. */
    language: text('language').notNull().default('en'),
    /** The slot whose places this order holds (pending) or took (paid); null for unlimited packages. */
    slotId: uuid('slot_id').references(() => slots.id),
    places: integer('places').notNull().default(0),
    /** A pending order holds its places until then; after it, they are free again. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /**
     * A web checkout's client address as an HMAC (never the address): what one address holds unpaid
     * at once is capped (orders/hold-limits.ts). Null for resellers' bookings.
     */
    holdAddress: text('hold_address'),
    adultCount: integer('adult_count').notNull(),
    youthCount: integer('youth_count').notNull(),
    infantCount: integer('infant_count').notNull().default(0),
    adultPriceCents: integer('adult_price_cents').notNull(),
    youthPriceCents: integer('youth_price_cents').notNull(),
    /**
     * The price categories bought beside the spec's counts (decision 070): each with its count and its
     * price at purchase, so refunds, invoices and reports read what was paid; `places` counts them.
     */
    extraTickets: jsonb('extra_tickets').$type<ExtraTicket[]>().notNull().default([]),
    /** What the buyer pays: the tickets' prices less `discountCents`. */
    totalCents: integer('total_cents').notNull(),
    /** A promo code's order (decision 050): the code, what it took off, and who used it (lower-case e-mail). */
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id),
    discountCents: integer('discount_cents').notNull().default(0),
    promoCustomer: text('promo_customer'),
    /** A gift card's part of the order (decision 053): paid from the card, not by the payment provider. */
    giftCardId: uuid('gift_card_id').references(() => giftCards.id),
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    /** The buyer asked at checkout to be reminded once if they do not pay (decision 065); and when it went. */
    reminderConsent: boolean('reminder_consent').notNull().default(false),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /**
     * The billing details the buyer gave at checkout (decision 069): not an invoice yet (no number is
     * taken for an unpaid order); the payment's fulfilment issues the invoice from them. Null: none asked.
     */
    invoiceRequest: jsonb('invoice_request').$type<InvoiceBuyer>(),
    /** The partner whose booking widget made the sale (decision 060): from the widget's signed token only. */
    partnerId: uuid('partner_id').references(() => partners.id),
    /** A combo's order (decision 071): the buyer pays it; its parts are orders naming it in `comboOrderId`. */
    isCombo: boolean('is_combo').notNull().default(false),
    /** A combo's part: the combo's order it belongs to; it holds the part's places and is its ticket. */
    comboOrderId: uuid('combo_order_id').references((): AnyPgColumn => orders.id),
    /** A combo's part once paid: its operator's share of what the buyer paid, in cents (decision 071). */
    comboShareCents: integer('combo_share_cents'),
    currency: text('currency').notNull().default('eur'),
    /** The contract's order states; they move only by its table (nextOrderStatus). */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').unique(),
    amountPaidCents: integer('amount_paid_cents'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** sha256 of the claim code in the QR link; the code itself is only in the QR and the e-mail. */
    claimCodeHash: text('claim_code_hash').unique(),
    /**
     * How often the ticket was changed after it was issued (a reseller moved or reduced a confirmed
     * booking): each change issues a new code and signed QR, and voids the old ones (decision 034).
     */
    ticketRevision: integer('ticket_revision').notNull().default(0),
    /** When the ticket was last changed: the agents' devices keep changed tickets to refuse old QRs offline. */
    ticketChangedAt: timestamp('ticket_changed_at', { withTimezone: true }),
    qrFileKey: text('qr_file_key'),
    /**
     * The ticket link of the purchase e-mail (/t/{token}, no sign-in): SHA-256 of its token, never the
     * token itself (decision 019), written with the payment. Links sent later are `ticket_links` rows;
     * null: no purchase link (not paid, or the buyer ended the links).
     */
    linkTokenHash: text('link_token_hash').unique(),
    linkIssuedAt: timestamp('link_issued_at', { withTimezone: true }),
    qrCodeScanned: boolean('qr_code_scanned').notNull().default(false),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedByAgentId: uuid('claimed_by_agent_id').references(() => agents.id),
    /** Redeemed through the OCTO redemption calls by this partner key (no agent). */
    claimedByResellerId: uuid('claimed_by_reseller_id').references(() => resellers.id),
    /** Refunds: why (customer, superuser, sold_out, provider), when, and whether the money has moved. */
    refundReason: text('refund_reason'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundStatus: text('refund_status', { enum: ['pending', 'done'] }),
    refundId: text('refund_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_reseller_booking_idx').on(t.resellerId, t.bookingUuid),
    // Places taken per slot are summed over these rows on every hold.
    index('orders_slot_idx').on(t.slotId, t.status),
    // What an address or a reseller holds unpaid is summed over its pending rows on every hold.
    index('orders_hold_address_idx').on(t.holdAddress, t.status),
    index('orders_reseller_status_idx').on(t.resellerId, t.status),
    // A guest's next checkout ends that browser's earlier hold, as an account's does (hold-limits.ts).
    index('orders_guest_token_idx').on(t.guestTokenHash, t.status),
    // The dashboard's sales report reads a period's payments and refunds (analytics/sales.ts).
    index('orders_paid_at_idx').on(t.paidAt),
    index('orders_refunded_at_idx').on(t.refundedAt),
    // A code's uses are counted over its orders under the code's lock (orders/promo.ts).
    index('orders_promo_idx').on(t.promoCodeId, t.promoCustomer),
    index('orders_gift_card_idx').on(t.giftCardId),
    // The reminder pass reads consenting, not yet reminded checkouts (modules/checkout/reminder.ts).
    index('orders_reminder_idx').on(t.createdAt).where(sql`${t.reminderConsent} AND ${t.remindedAt} IS NULL`),
    index('orders_partner_idx').on(t.partnerId),
    index('orders_combo_order_idx').on(t.comboOrderId).where(sql`${t.comboOrderId} IS NOT NULL`),
  ],
);

/**
 * Part of an order's payment given back while its ticket stays valid (decision 068): a goodwill
 * gesture made at the payment provider. Dated when it happened, so an operator's statement shows it in
 * that period; `sourceRef` keys the provider's report (delivered twice, recorded once).
 */
export const orderPartialRefunds = pgTable(
  'order_partial_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    cents: integer('cents').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: ['provider'] }).notNull(),
    sourceRef: text('source_ref').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_partial_refunds_order_idx').on(t.orderId),
    index('order_partial_refunds_at_idx').on(t.refundedAt),
  ],
);

/**
 * A widget checkout's way to its payment page in a tab of its own (decision 060): the frame cannot set
 * the guest cookie (third-party cookies are blocked), so the tab opens a one-time link that sets it
 * first-party and goes on to the payment page. SHA-256 of the link's code only; used once, short-lived.
 */
export const widgetHandoffs = pgTable('widget_handoffs', {
  codeHash: text('code_hash').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  payUrl: text('pay_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Ed25519 keys that sign the tickets' QR payloads (decision 021). The newest is current
 * (it signs); every key keeps verifying. The private key is stored encrypted with a key derived from
 * the server secret and never leaves the server; the public key (SPKI, base64) goes to agents' devices.
 */
/**
 * The ticket links sent after the purchase ('Send link again', 'Find my tickets'): each works beside
 * the ones before, a link the family was forwarded included, until the buyer ends them all (decision
 * 042). SHA-256 of the token only, as the order's own link.
 */
export const ticketLinks = pgTable(
  'ticket_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    issuedAt: createdAt(),
  },
  (t) => [index('ticket_links_order_idx').on(t.orderId)],
);

export const ticketSigningKeys = pgTable('ticket_signing_keys', {
  kid: text('kid').primaryKey(),
  publicKey: text('public_key').notNull(),
  /** AES-256-GCM of the PKCS#8 key: 'iv.tag.ciphertext', base64url each. */
  privateKeyEnc: text('private_key_enc').notNull(),
  createdAt: createdAt(),
});

/**
 * An agent's sign-in for the agents' app (decision 021): an e-mail and a password, made by a superuser,
 * for one of the spec's `agents` (whose name and security code keep working on the claim page).
 */
export const agentAccounts = pgTable('agent_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  agentId: uuid('agent_id')
    .notNull()
    .unique()
    .references(() => agents.id),
  /** Stored lower-case. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

/**
 * A device an agent signed in on: its token (256 random bits) is stored as SHA-256, checked on every
 * call, so a revoked device is refused at once on every instance.
 */
export const agentDevices = pgTable(
  'agent_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => agentAccounts.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id),
    /** What the agent called the device when signing in (e.g. 'Colosseum phone'). */
    label: text('label').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    tokenPrefix: text('token_prefix').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('agent_devices_account_idx').on(t.accountId)],
);

/**
 * Every claim an agent's device made, online or synced after working offline. An offline claim's id
 * is the one the device made (a UUID), so an upload sent twice is recorded once (the primary key).
 */
export const agentClaims = pgTable(
  'agent_claims',
  {
    id: uuid('id').primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => agentDevices.id),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id),
    /** Null when the scan named no ticket of the shop (unknown or forged). */
    orderId: uuid('order_id').references(() => orders.id),
    offline: boolean('offline').notNull(),
    /** The claim's moment: the server's for an online claim, the device's for an offline one. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The contract's AGENT_SCAN_RESULTS. */
    result: text('result').notNull(),
    /** This claim is the ticket's claim (the first one). */
    kept: boolean('kept').notNull().default(false),
  },
  (t) => [index('agent_claims_order_idx').on(t.orderId)],
);

/**
 * A ticket claimed twice, the second time offline (decision 021): both claims, the one kept (the first
 * by claim time) and the other, for superusers to look at.
 */
export const claimConflicts = pgTable(
  'claim_conflicts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The claim that stands: an agent (and its device, when made in the app) or a partner's scanner. */
    keptAgentId: uuid('kept_agent_id').references(() => agents.id),
    keptDeviceId: uuid('kept_device_id').references(() => agentDevices.id),
    keptResellerId: uuid('kept_reseller_id').references(() => resellers.id),
    keptAt: timestamp('kept_at', { withTimezone: true }),
    /** The claim that lost. */
    otherAgentId: uuid('other_agent_id').references(() => agents.id),
    otherDeviceId: uuid('other_device_id').references(() => agentDevices.id),
    otherResellerId: uuid('other_reseller_id').references(() => resellers.id),
    otherAt: timestamp('other_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('claim_conflicts_created_idx').on(t.createdAt)],
);

/** Payment provider webhook events, each recorded once (idempotency across instances). */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  payload: jsonb('payload'),
});

/** E-mails wait here until a worker on any instance sends them; a mail outage loses nothing. */
/**
 * A paid ticket's QR not drawn yet (decision 027): what its picture will say, keyed by the file key the
 * order keeps (`orders.qr_file_key`). The payment writes this row in its one statement; the first
 * reader of the picture (as a rule the mail sender, seconds later) draws the SVG and PNG, stores them
 * and removes the row. The text holds the claim link, as the ticket e-mail in the outbox does.
 */
export const ticketQrSources = pgTable('ticket_qr_sources', {
  fileKey: text('file_key').primaryKey(),
  qrText: text('qr_text').notNull(),
  createdAt: createdAt(),
});

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The claim that holds the row: only its sender may mark it sent or failed. */
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Static pages and their metadata; `slug` is the page tag. */
export const pages = pgTable('pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull().default(''),
  metaTitle: text('meta_title').notNull().default(''),
  metaDescription: text('meta_description').notNull().default(''),
  metaKeywords: text('meta_keywords').notNull().default(''),
  schemaJson: jsonb('schema_json'),
  updatedAt: updatedAt(),
});

export const contentBlocks = pgTable(
  'content_blocks',
  {
    id: serial('id').primaryKey(),
    pageTag: text('page_tag').notNull(),
    uniqueTag: text('unique_tag').notNull().unique(),
    blockContent: text('block_content').notNull().default(''),
    blockType: text('block_type').notNull().default('html'),
    isActive: boolean('is_active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [index('content_blocks_page_idx').on(t.pageTag)],
);

/**
 * A content block's words in another language than English (decision 024): the editors write them on the
 * page in that language. English stays in content_blocks (the spec's store); a block with no
 * translation shows its English, marked for editors.
 */
export const contentTranslations = pgTable(
  'content_translations',
  {
    uniqueTag: text('unique_tag').notNull(),
    language: text('language').notNull(),
    blockContent: text('block_content').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.uniqueTag, t.language] })],
);

/**
 * A package's words in another language than English (decision 024): the ticket editor writes them on the
 * ticket page in that language. English stays in `packages` (the spec's store); a field left null shows
 * its English, marked for editors. Prices, pictures and dates are the same in every language.
 */
export const packageTranslations = pgTable(
  'package_translations',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title'),
    type: text('type'),
    description: text('description'),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    metaKeywords: text('meta_keywords'),
    /** The facts' words in this language (contract package-facts.ts); null shows the English. */
    facts: jsonb('facts'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.language] })],
);

/** A page's metadata in another language than English (title, description, keywords; decision 024). */
export const pageTranslations = pgTable(
  'page_translations',
  {
    slug: text('slug').notNull(),
    language: text('language').notNull(),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    metaKeywords: text('meta_keywords').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.language] })],
);

export const pageImages = pgTable(
  'page_images',
  {
    id: serial('id').primaryKey(),
    pageTag: text('page_tag').notNull(),
    uniqueTag: text('unique_tag').notNull().unique(),
    mediaId: integer('media_id').references(() => mediaItems.id),
    helpText: text('help_text').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [index('page_images_page_idx').on(t.pageTag)],
);

/** Website settings and the global head code: one row (id = 1). */
export const websiteSettings = pgTable('website_settings', {
  id: integer('id').primaryKey().default(1),
  maxImageUploadSizeMb: real('max_image_upload_size_mb').notNull().default(5),
  websiteFacebook: text('website_facebook').notNull().default(''),
  websiteInstagram: text('website_instagram').notNull().default(''),
  websitePhoneNumber: text('website_phone_number').notNull().default(''),
  websiteEmail: text('website_email').notNull().default(''),
  websiteAddress: text('website_address').notNull().default(''),
  addressMapLink: text('address_map_link').notNull().default(''),
  globalHeadCode: text('global_head_code').notNull().default(''),
  analyticsTimeZone: text('analytics_time_zone').notNull().default('Asia/Dhaka'),
  updatedAt: updatedAt(),
});

export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: serial('id').primaryKey(),
  /** Stored lower-case so duplicates are found whatever the casing. */
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});

export const partnerLogos = pgTable('partner_logos', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  altText: text('alt_text').notNull().default(''),
  websiteUrl: text('website_url').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  logoId: integer('logo_id').references(() => mediaItems.id),
  createdAt: createdAt(),
});

/** Who changed what, when, before and after. */
export const editLog = pgTable('edit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id'),
  entity: text('entity').notNull(),
  entityKey: text('entity_key').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** One tracked action: page view, login, payment completed, ... */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    /** 'server' for events the shop records itself (payments); 'client' for the browser's. */
    source: text('source', { enum: ['client', 'server'] })
      .notNull()
      .default('client'),
    userId: uuid('user_id'),
    userEmail: text('user_email'),
    page: text('page'),
    fullUrl: text('full_url'),
    ipAddress: text('ip_address'),
    country: text('country'),
    countryCode: text('country_code'),
    city: text('city'),
    region: text('region'),
    userAgent: text('user_agent'),
    screenResolution: text('screen_resolution'),
    device: text('device'),
    amountCents: integer('amount_cents'),
    status: text('status'),
    details: jsonb('details'),
  },
  (t) => [
    // (action, occurred_at) leading, as before; device, user and address ride along so the dashboard's
    // visitor figures (unique visitors, device mix) are index-only scans.
    index('activity_action_time_visitor_idx').on(t.action, t.occurredAt, t.device, t.userId, t.ipAddress),
    index('activity_time_idx').on(t.occurredAt),
    // The dashboard's payment figures and lists: only the shop's own events, a small slice of the table.
    index('activity_server_action_time_idx').on(t.action, t.occurredAt).where(sql`${t.source} = 'server'`),
    index('activity_server_action_status_time_idx')
      .on(t.action, t.status, t.occurredAt)
      .where(sql`${t.source} = 'server'`),
  ],
);

/**
 * All-time event counts (and amounts) per action, source and status, kept by statement-level triggers
 * on activity_events (migration 0002): the dashboard's totals read a handful of rows however large the
 * event table grows. status '' stands for none.
 */
export const activityTotals = pgTable(
  'activity_totals',
  {
    action: text('action').notNull(),
    source: text('source').notNull(),
    status: text('status').notNull().default(''),
    events: bigint('events', { mode: 'number' }).notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.action, t.source, t.status] })],
);

/**
 * Page views and ticket views per UTC hour (and, for ticket views, per ticket named), kept by
 * statement-level triggers on activity_events (migration 0038, decision 076): the dashboard's
 * statistics over a week sum some 170 hours of these instead of reading the events. Keyed by
 * (action, hour, md5(label)) in the migration: a label is up to a few KB of the browser's details.
 */
export const activityHours = pgTable('activity_hours', {
  action: text('action').notNull(),
  hour: timestamp('hour', { withTimezone: true }).notNull(),
  label: text('label').notNull().default(''),
  events: bigint('events', { mode: 'number' }).notNull().default(0),
  mobile: bigint('mobile', { mode: 'number' }).notNull().default(0),
  withDevice: bigint('with_device', { mode: 'number' }).notNull().default(0),
  signedIn: bigint('signed_in', { mode: 'number' }).notNull().default(0),
});

/** bytea: a column of raw bytes (drizzle has no built-in type for it). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The HyperLogLog registers of each hour's visitors per action (16,384 bytes, migration 0038, decision
 * 076): unique visitors over a busy week are estimated from these, not counted from the events.
 */
export const activityHourVisitors = pgTable(
  'activity_hour_visitors',
  {
    action: text('action').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    registers: bytea('registers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.action, t.hour] })],
);

/**
 * The last number given per operator and Rome year (decision 061): an invoice takes the next one in the
 * transaction that writes it, under this row's lock, so numbers have no gap and no duplicate.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.year] })],
);

/**
 * Invoices and credit notes (decisions 061, 062): one invoice per order, one credit note when it is
 * refunded, each a snapshot of what it was issued with (seller, buyer, VAT, lines), so a later change
 * of an operator's data or a package's treatment never rewrites an issued document. The PDF and the
 * FatturaPA XML are drawn from the row on each download.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    /** The Rome date of issue. */
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    /** A credit note's invoice. */
    refersToId: uuid('refers_to_id').references((): AnyPgColumn => invoices.id),
    language: text('language').notNull().default('en'),
    seller: jsonb('seller').$type<OperatorSeller>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
    vat: jsonb('vat').$type<VatTreatment>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    taxableCents: integer('taxable_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_order_kind_idx').on(t.orderId, t.kind),
    uniqueIndex('invoices_number_idx').on(t.folderId, t.year, t.number),
  ],
);

/**
 * A slot, a day or a product closed for a reason (decision 058): what was asked, why, which remedies
 * the buyers are offered, by whom, and the operator (folder) it was limited to, if any.
 */
export const disruptions = pgTable('disruptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The contract's DISRUPTION_REASONS. */
  reason: text('reason').notNull(),
  note: text('note').notNull().default(''),
  /** The contract's DISRUPTION_REMEDIES the buyers may choose from (at least one). */
  remedies: text('remedies').array().notNull(),
  /** What the superuser chose to close, as asked (the contract's disruption target). */
  target: jsonb('target').notNull(),
  /** Set when an operator, limited to its own folder, closed it (decision 058). */
  folderId: integer('folder_id').references(() => folders.id),
  closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** The slots a disruption closed. */
export const disruptionSlots = pgTable(
  'disruption_slots',
  {
    disruptionId: uuid('disruption_id')
      .notNull()
      .references(() => disruptions.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'disruption_slots_pk', columns: [t.disruptionId, t.slotId] })],
);

/**
 * A paid order a disruption affected: the buyer's notice is queued in the transaction that inserts
 * this row, so the row's keys (one per order and disruption, and one unanswered disruption per order)
 * are what keep a retry, a double click or a second instance from telling a buyer twice (decision 058).
 */
export const disruptionOrders = pgTable(
  'disruption_orders',
  {
    disruptionId: uuid('disruption_id')
      .notNull()
      .references(() => disruptions.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The closed slot the order was on (it may move since). */
    slotId: uuid('slot_id').references(() => slots.id, { onDelete: 'set null' }),
    /** The order's places and total when it was affected (the report's revenue). */
    places: integer('places').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Whether a buyer's e-mail was queued (a reseller's booking without an address has none). */
    notified: boolean('notified').notNull().default(false),
    /** The buyer's answer (the contract's DISRUPTION_REMEDIES), once; null: not yet. */
    choice: text('choice'),
    chosenAt: timestamp('chosen_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'disruption_orders_pk', columns: [t.disruptionId, t.orderId] }),
    index('disruption_orders_order_idx').on(t.orderId),
    uniqueIndex('disruption_orders_one_open_idx').on(t.orderId).where(sql`${t.choice} IS NULL`),
  ],
);

/**
 * Each move of a paid ticket to another time by its holder (decision 067): the ticket link's change of
 * time and a reseller's booking update. Counted against MAX_TICKET_MOVES; a cheaper new time's
 * difference is refunded from here (`refund_status` pending until the provider has it, settled like
 * any refund). A closure's move (decision 059) is the shop's and is not written here.
 */
export const ticketMoves = pgTable(
  'ticket_moves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromSlotId: uuid('from_slot_id').references(() => slots.id, { onDelete: 'set null' }),
    toSlotId: uuid('to_slot_id').references(() => slots.id, { onDelete: 'set null' }),
    /** Who moved it: 'link' (the ticket link's holder) or 'octo' (the reseller). */
    channel: text('channel', { enum: ['link', 'octo'] }).notNull(),
    /** What the move gives back: to the payment provider, and to the gift card it was partly paid with. */
    refundCents: integer('refund_cents').notNull().default(0),
    giftCardBackCents: integer('gift_card_back_cents').notNull().default(0),
    refundStatus: text('refund_status', { enum: ['pending', 'done'] }),
    refundId: text('refund_id'),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_moves_order_idx').on(t.orderId, t.movedAt),
    // The refund settler reads the moves whose money has not gone back yet.
    index('ticket_moves_pending_idx').on(t.movedAt).where(sql`${t.refundStatus} = 'pending'`),
  ],
);

/**
 * Waiting lists of sold-out times (decision 063): one entry per address and slot. An entry 'offered'
 * holds its places until `offer_expires_at` (the database's `waitlist_offer_holds`, counted by
 * `hold_slot_places` and `placesTaken`); only SHA-256 hashes of the links' tokens are stored.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    places: integer('places').notNull(),
    language: text('language').notNull().default('en'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    leaveTokenHash: text('leave_token_hash').notNull().unique(),
    offerTokenHash: text('offer_token_hash').unique(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** The order the offer's checkout wrote. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The place in line: when the address joined (again, after leaving or an offer run out). */
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_slot_email_idx').on(t.slotId, t.email),
    index('waitlist_entries_line_idx').on(t.slotId, t.status, t.joinedAt),
    index('waitlist_entries_status_idx').on(t.status, t.offerExpiresAt),
  ],
);
