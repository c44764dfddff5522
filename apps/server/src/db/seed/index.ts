/**
 * First-start data. `seedBase` (settings, pages, content blocks) always runs and adds only what is
 * missing. `seedDemo` (catalogue, pictures, logos, demo accounts) runs outside production, once.
 */

import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  AGENT_CODE_LENGTH,
  DEFAULT_LOCALE,
  DEFAULT_SETTINGS,
  LOCALES,
  type Locale,
  VAT_MUSEUM_EXEMPT,
  VAT_TRANSPORT,
} from '@rome/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { hashSecret } from '../../lib/passwords';
import { newFileKey, type Storage } from '../../storage/storage';
import type { Db } from '../client';
import * as t from '../schema';
import { seedAvailability } from './availability';
import { seedContentWords } from './content-words';
import {
  DEMO_CATEGORIES,
  DEMO_COMBOS,
  DEMO_FOLDERS,
  DEMO_LOGOS,
  DEMO_PACKAGES,
  DEMO_PAGES,
  DEMO_PRICE_CATEGORIES,
  DEMO_SELLERS,
} from './data';
import { seedPackageFacts } from './package-facts';
import { DEMO_TITLES, DEMO_TYPES, descriptionIn, keywordsIn } from './package-words';
import { logoImage, MOTIFS, operatorBanner, PAGE_BANNERS, renderScene, SECOND_MOTIFS } from './pictures';

export async function seedBase(db: Db): Promise<void> {
  await db
    .insert(t.websiteSettings)
    .values({
      id: 1,
      maxImageUploadSizeMb: DEFAULT_SETTINGS.max_image_upload_size_mb,
      websiteFacebook: DEFAULT_SETTINGS.website_facebook,
      websiteInstagram: DEFAULT_SETTINGS.website_instagram,
      websitePhoneNumber: DEFAULT_SETTINGS.website_phone_number,
      websiteEmail: DEFAULT_SETTINGS.website_email,
      websiteAddress: DEFAULT_SETTINGS.website_address,
      addressMapLink: DEFAULT_SETTINGS.address_map_link,
    })
    .onConflictDoNothing();
  for (const page of DEMO_PAGES) {
    await db.insert(t.pages).values({ slug: page.slug, title: page.title }).onConflictDoNothing();
    const blocks = Object.entries(page.blocks).map(([uniqueTag, blockContent]) => ({
      pageTag: page.slug,
      uniqueTag,
      blockContent,
    }));
    if (blocks.length) await db.insert(t.contentBlocks).values(blocks).onConflictDoNothing();
    const images = page.images.map((uniqueTag) => ({ pageTag: page.slug, uniqueTag }));
    if (images.length) await db.insert(t.pageImages).values(images).onConflictDoNothing();
  }
  await seedContentWords(db);
}

async function storeImage(
  db: Db,
  storage: Storage,
  name: string,
  altText: string,
  webp: Buffer,
  small?: Buffer,
) {
  const key = newFileKey('webp');
  await storage.put(key, webp, 'image/webp');
  let smallKey: string | null = null;
  if (small) {
    smallKey = newFileKey('webp');
    await storage.put(smallKey, small, 'image/webp');
  }
  const meta = await sharp(webp).metadata();
  const [row] = await db
    .insert(t.mediaItems)
    .values({
      name,
      altText,
      fileKey: key,
      smallKey,
      mediaType: 'image',
      contentType: 'image/webp',
      fileSize: webp.length,
      width: meta.width,
      height: meta.height,
    })
    .returning({ id: t.mediaItems.id });
  return row.id;
}

/** The next `days` days from today (UTC), as YYYY-MM-DD. */
function upcomingDates(days: number, everyNth = 1): string[] {
  const out: string[] = [];
  const now = new Date();
  for (let i = 1; i <= days; i += everyNth) {
    out.push(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + i))
        .toISOString()
        .slice(0, 10),
    );
  }
  return out;
}

export type DemoAccounts = {
  customer: { email: string; password: string };
  editor: { email: string; password: string };
  superuser: {
    email: string;
    password: string;
    /**
     * The demo superuser's authenticator (decision 051): its TOTP secret (base32, for an app or the
     * browser tests) and its recovery codes. Superusers must have one; only the demo's is ever known.
     */
    totp_secret?: string;
    recovery_codes?: string[];
  };
  agents: { name: string; code: string }[];
  /** OCTO API keys (modules/reseller): a reseller and a partner's gate scanner that may redeem. */
  resellers?: { name: string; key: string; canRedeem: boolean }[];
  /** A booking widget partner (decision 060): its code and the script tag a partner's page carries. */
  widgetPartners?: { name: string; code: string; script_tag: string }[];
  /** Sign-ins of the agents' app at /agent (modules/agents/devices.ts), one per demo agent. */
  agentApp?: { agent: string; email: string; password: string }[];
  /**
   * People of the demo's first operator at /operator (decision 066): a manager, with an authenticator
   * as managers must have, and a door person. Invitations taken already.
   */
  operators?: {
    email: string;
    password: string;
    operator: string;
    role: 'manager' | 'sales' | 'door';
    totp_secret?: string;
    recovery_codes?: string[];
  }[];
};

export async function seedCatalog(db: Db, storage: Storage): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(t.folders);
  if (n > 0) return false;

  const folderIds = new Map<string, number>();
  for (const [i, f] of DEMO_FOLDERS.entries()) {
    const [row] = await db
      .insert(t.folders)
      .values({ name: f.name, companySlug: f.companySlug, sortOrder: i, seller: DEMO_SELLERS[f.companySlug] })
      .returning({ id: t.folders.id });
    folderIds.set(f.companySlug, row.id);
  }

  for (const [i, p] of DEMO_PACKAGES.entries()) {
    const folder = DEMO_FOLDERS.find((f) => f.companySlug === p.company)!;
    // The attraction decides what the pictures show; the operator's livery colours its buses.
    const variant = { index: i, livery: folder.livery };
    const main = MOTIFS[p.attraction](variant);
    const other = SECOND_MOTIFS[p.attraction](variant);
    const [big, small, secondWebp] = await Promise.all([
      renderScene(main.scene, 1200, 800),
      renderScene(main.scene, 480, 320, 68),
      renderScene(other.scene, 1200, 800),
    ]);
    const alt = `${p.title}: ${main.alt}`;
    const secondAlt = `${p.title}: ${other.alt}`;
    const mediaId = await storeImage(db, storage, p.title, alt, big, small);
    const second = await storeImage(db, storage, `${p.title} (2)`, secondAlt, secondWebp);
    // A demo offer is a real reduction (decision 064): the old price was charged from 60 days ago until
    // 10 days ago, then the price fell, and the database's trigger worked out the prior price from that.
    const reduced = p.off !== undefined && p.off > p.adult;
    const [row] = await db
      .insert(t.packages)
      .values({
        packageTag: p.tag,
        folderId: folderIds.get(p.company)!,
        title: p.title,
        type: p.type,
        duration: p.duration,
        ticketType: p.kind,
        adultPriceCents: reduced ? p.off! : p.adult,
        youthPriceCents: p.youth,
        offPriceCents: p.off ?? null,
        dates: p.dated ? upcomingDates(90) : [],
        description: p.description,
        metaTitle: '',
        metaDescription: '',
        metaKeywords: `rome, ${p.duration || 'ticket'}, ${folder.name.toLowerCase()}, sightseeing`,
        isFeatured: p.featured ?? false,
        categories: DEMO_CATEGORIES[p.tag] ?? [],
        sortOrder: i,
        // Passenger transport is taxed at 10 %, museum admission exempt (decision 061).
        vatRateBp: (p.kind === 'museum' ? VAT_MUSEUM_EXEMPT : VAT_TRANSPORT).rateBp,
        vatNature: (p.kind === 'museum' ? VAT_MUSEUM_EXEMPT : VAT_TRANSPORT).nature,
        vatLaw: (p.kind === 'museum' ? VAT_MUSEUM_EXEMPT : VAT_TRANSPORT).law,
      })
      .returning({ id: t.packages.id });
    if (reduced) {
      const history = eq(t.packagePrices.packageId, row.id);
      await db.update(t.packagePrices).set({ validFrom: sql`now() - interval '60 days'` }).where(history);
      await db.update(t.packages).set({ adultPriceCents: p.adult }).where(eq(t.packages.id, row.id));
      await db
        .update(t.packagePrices)
        .set({ validFrom: sql`now() - interval '10 days'` })
        .where(and(history, eq(t.packagePrices.adultPriceCents, p.adult)));
    }
    await db.insert(t.packageImages).values([
      { packageId: row.id, slot: 'image_big', mediaId, altText: alt },
      { packageId: row.id, slot: 'thumbnail_large', mediaId, altText: alt },
      { packageId: row.id, slot: 'thumbnail_small', mediaId, altText: alt },
      { packageId: row.id, slot: 'second_image', mediaId: second, altText: secondAlt },
    ]);
  }

  await seedAvailability(db);
  await seedPackageWords(db);
  await seedPackageFacts(db);
  await seedPriceCategories(db);
  await seedCombos(db);

  for (const [i, logo] of DEMO_LOGOS.entries()) {
    const logoId = await storeImage(
      db,
      storage,
      `${logo.name} logo`,
      `${logo.name} logo`,
      await logoImage(logo.color, logo.emblem),
    );
    await db.insert(t.partnerLogos).values({
      name: logo.name,
      altText: `${logo.name} logo`,
      websiteUrl: logo.url,
      sortOrder: i,
      logoId,
    });
  }

  // Banners for the pages and companies (each its own scene); the company banners fall back to bundled
  // defaults in the app.
  const banners = DEMO_PAGES.flatMap((p) =>
    p.images.filter((tag) => tag.endsWith('-banner') || tag === 'home-hero'),
  );
  for (const tag of banners) {
    const folder = DEMO_FOLDERS.find((f) => tag === `${f.companySlug}-banner`);
    const motif = folder
      ? operatorBanner(folder.companySlug, folder.livery, DEMO_FOLDERS.indexOf(folder))
      : PAGE_BANNERS[tag];
    if (!motif) continue;
    const webp = await renderScene(motif.scene, 1600, 500, 70);
    const alt = motif.alt[0]!.toUpperCase() + motif.alt.slice(1);
    const id = await storeImage(db, storage, tag, alt, webp);
    await db.update(t.pageImages).set({ mediaId: id }).where(eq(t.pageImages.uniqueTag, tag));
  }
  return true;
}

/** A random demo password (72 bits), printed at the start and kept in demo-accounts.json. */
export const demoSecret = (bytes = 9) => randomBytes(bytes).toString('base64url');
const secret = demoSecret;
/** A random agent security code of the length the claim page's form is made for (contract checkout.ts). */
const agentCode = () => String(randomInt(0, 10 ** AGENT_CODE_LENGTH)).padStart(AGENT_CODE_LENGTH, '0');

const DEMO_CUSTOMER_EMAIL = 'customer@demo.example';

/** The demo's combos (decision 071): their parts and shares, by package tag. */
async function seedCombos(db: Db): Promise<void> {
  const idOf = async (tag: string) =>
    (await db.select({ id: t.packages.id }).from(t.packages).where(eq(t.packages.packageTag, tag)))[0].id;
  for (const combo of DEMO_COMBOS) {
    const comboId = await idOf(combo.tag);
    await db.insert(t.combos).values({ packageId: comboId, cancelCutoffHours: combo.cancelCutoffHours });
    for (const [position, part] of combo.parts.entries())
      await db.insert(t.comboParts).values({
        comboPackageId: comboId,
        partPackageId: await idOf(part.tag),
        position,
        adultShareCents: part.adult,
        youthShareCents: part.youth,
      });
  }
}

/**
 * Demo accounts with random passwords, printed at first start and kept in `data/demo-accounts.json`.
 * Never called in production.
 */
export async function seedDemoAccounts(
  db: Db,
  dataDir: string,
  /** What the database layer cannot make itself (it knows no modules): main.ts passes these in. */
  makers: {
    resellerKeys?: () => Promise<NonNullable<DemoAccounts['resellers']>>;
    agentApp?: (agents: DemoAccounts['agents']) => Promise<NonNullable<DemoAccounts['agentApp']>>;
    widgetPartners?: () => Promise<NonNullable<DemoAccounts['widgetPartners']>>;
    /** Turns the demo superuser's second factor on (decision 051). */
    secondFactor?: (userId: string) => Promise<{ secret: string; recoveryCodes: string[] }>;
  } = {},
): Promise<{ accounts: DemoAccounts | null; created: boolean }> {
  const file = path.join(dataDir, 'demo-accounts.json');
  const [made] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.email, DEMO_CUSTOMER_EMAIL));
  if (made && existsSync(file)) return { accounts: JSON.parse(readFileSync(file, 'utf8')), created: false };
  // Made by another instance on this database (its own DATA_DIR holds the file): never made again
  // here, which reset the demo passwords and agents' codes under the first instance's feet.
  if (made) return { accounts: null, created: false };
  const accounts: DemoAccounts = {
    customer: { email: DEMO_CUSTOMER_EMAIL, password: secret() },
    editor: { email: 'editor@demo.example', password: secret() },
    superuser: { email: 'admin@demo.example', password: secret() },
    agents: [
      { name: 'Marco (Termini)', code: agentCode() },
      { name: 'Giulia (Colosseum)', code: agentCode() },
    ],
  };
  const users = [
    { ...accounts.customer, fullName: 'Chiara Rossi', isEditor: false, isSuperuser: false },
    { ...accounts.editor, fullName: 'Luca Bianchi', isEditor: true, isSuperuser: false },
    { ...accounts.superuser, fullName: 'Sofia Conti', isEditor: true, isSuperuser: true },
  ];
  // One hash per secret (argon2id on purpose slow), for the insert and the update alike.
  for (const u of users) {
    const passwordHash = await hashSecret(u.password);
    await db
      .insert(t.users)
      .values({
        email: u.email,
        fullName: u.fullName,
        phoneNumber: '3912345678',
        passwordHash,
        isEditor: u.isEditor,
        isSuperuser: u.isSuperuser,
      })
      .onConflictDoUpdate({ target: t.users.email, set: { passwordHash } });
  }
  for (const a of accounts.agents) {
    const codeHash = await hashSecret(a.code);
    await db
      .insert(t.agents)
      .values({ name: a.name, codeHash })
      .onConflictDoUpdate({ target: t.agents.name, set: { codeHash } });
  }
  // The first operator's people, their invitations taken (the demo has no mailbox to open).
  const [operator] = await db.select().from(t.folders).orderBy(t.folders.sortOrder, t.folders.id).limit(1);
  if (operator) {
    accounts.operators = [
      {
        email: 'manager@operator.demo.example',
        password: secret(),
        operator: operator.name,
        role: 'manager',
      },
      { email: 'door@operator.demo.example', password: secret(), operator: operator.name, role: 'door' },
    ];
    for (const [i, o] of accounts.operators.entries()) {
      const passwordHash = await hashSecret(o.password);
      const [row] = await db
        .insert(t.users)
        .values({
          email: o.email,
          fullName: i === 0 ? 'Paolo Ferri' : 'Anna Greco',
          phoneNumber: '3912345678',
          passwordHash,
        })
        .onConflictDoUpdate({ target: t.users.email, set: { passwordHash } })
        .returning({ id: t.users.id });
      await db
        .insert(t.operatorStaff)
        .values({
          folderId: operator.id,
          email: o.email,
          role: o.role,
          userId: row.id,
          acceptedAt: new Date(),
        })
        .onConflictDoNothing();
    }
  }
  if (makers.secondFactor) {
    const [admin] = await db
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, accounts.superuser.email));
    const factor = await makers.secondFactor(admin.id);
    accounts.superuser.totp_secret = factor.secret;
    accounts.superuser.recovery_codes = factor.recoveryCodes;
    const manager = accounts.operators?.find((o) => o.role === 'manager');
    if (manager) {
      const [row] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, manager.email));
      const own = await makers.secondFactor(row.id);
      manager.totp_secret = own.secret;
      manager.recovery_codes = own.recoveryCodes;
    }
  }
  if (makers.resellerKeys) accounts.resellers = await makers.resellerKeys();
  if (makers.agentApp) accounts.agentApp = await makers.agentApp(accounts.agents);
  if (makers.widgetPartners) accounts.widgetPartners = await makers.widgetPartners();
  writeFileSync(file, `${JSON.stringify(accounts, null, 2)}\n`, { mode: 0o600 });
  return { accounts, created: true };
}

/** The demo packages' words in it/es/fr/de (seed/package-words.ts). */
async function seedPackageWords(db: Db): Promise<void> {
  const rows = await db
    .select({
      id: t.packages.id,
      tag: t.packages.packageTag,
      type: t.packages.type,
      description: t.packages.description,
      metaKeywords: t.packages.metaKeywords,
    })
    .from(t.packages);
  const others = LOCALES.filter((l): l is Exclude<Locale, 'en'> => l !== DEFAULT_LOCALE);
  const values = rows.flatMap((p) =>
    others.map((language) => ({
      packageId: p.id,
      language,
      type: DEMO_TYPES[p.type]?.[language] ?? null,
      title: DEMO_TITLES[p.tag]?.[language] ?? null,
      description: descriptionIn(p.description, language),
      metaKeywords: keywordsIn(p.metaKeywords, language),
    })),
  );
  if (values.length) await db.insert(t.packageTranslations).values(values);
}

/** The demo's price categories (decision 070): rows of the packages that sell them. */
async function seedPriceCategories(db: Db): Promise<void> {
  for (const [tag, prices] of Object.entries(DEMO_PRICE_CATEGORIES)) {
    const [pkg] = await db
      .select({ id: t.packages.id })
      .from(t.packages)
      .where(eq(t.packages.packageTag, tag));
    if (!pkg) continue;
    await db
      .insert(t.packagePriceCategories)
      .values(
        Object.entries(prices).map(([category, priceCents]) => ({
          packageId: pkg.id,
          category: category as keyof typeof prices,
          priceCents: priceCents!,
        })),
      )
      .onConflictDoNothing();
  }
}
