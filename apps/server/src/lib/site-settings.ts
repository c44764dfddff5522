import { type ContactDetails, DEFAULT_SETTINGS, SITE_LOGO_TAG, type WebsiteSettings } from '@rome/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mediaItems, pageImages, websiteSettings } from '../db/schema';
import { mediaUrl } from './media-url';

export async function getSettingsRow(db: Db) {
  const [row] = await db.select().from(websiteSettings).where(eq(websiteSettings.id, 1));
  return row ?? null;
}

/** The public settings; a missing row answers the defaults. */
/** The picture an editor attached to the navigation bar's logo (page image `site-logo`), if any. */
async function siteLogo(db: Db): Promise<WebsiteSettings['site_logo']> {
  const [row] = await db
    .select({ id: mediaItems.id, key: mediaItems.fileKey })
    .from(pageImages)
    .innerJoin(mediaItems, eq(mediaItems.id, pageImages.mediaId))
    .where(eq(pageImages.uniqueTag, SITE_LOGO_TAG));
  const file = mediaUrl(row?.key);
  return row && file ? { id: row.id, file } : null;
}

export async function getWebsiteSettings(db: Db): Promise<WebsiteSettings> {
  const [row, logo] = await Promise.all([getSettingsRow(db), siteLogo(db)]);
  if (!row) return { ...DEFAULT_SETTINGS, site_logo: logo };
  return {
    site_logo: logo,
    max_image_upload_size_mb: row.maxImageUploadSizeMb,
    website_facebook: row.websiteFacebook,
    website_instagram: row.websiteInstagram,
    website_phone_number: row.websitePhoneNumber,
    website_email: row.websiteEmail,
    website_address: row.websiteAddress,
    address_map_link: row.addressMapLink,
  };
}

/** The global head code: stored as written (the one deliberate exception to sanitising), editors only. */
export async function setGlobalHeadCode(db: Db, code: string): Promise<{ before: string; after: string }> {
  const before = (await getSettingsRow(db))?.globalHeadCode ?? '';
  await db
    .insert(websiteSettings)
    .values({ id: 1, globalHeadCode: code })
    .onConflictDoUpdate({ target: websiteSettings.id, set: { globalHeadCode: code, updatedAt: new Date() } });
  return { before, after: code };
}

/** Column of each contact detail (contract contactDetailsSchema). */
const CONTACT_COLUMNS = {
  website_phone_number: 'websitePhoneNumber',
  website_email: 'websiteEmail',
  website_address: 'websiteAddress',
  address_map_link: 'addressMapLink',
  website_facebook: 'websiteFacebook',
  website_instagram: 'websiteInstagram',
} as const satisfies Record<keyof ContactDetails, keyof typeof websiteSettings.$inferInsert>;

/**
 * Replaces the contact details sent (editors, validated by the contract), keeping the others; the row
 * starts from the defaults when there is none, so an unsent field never becomes empty by accident.
 */
export async function setContactDetails(
  db: Db,
  details: ContactDetails,
): Promise<{ before: Partial<ContactDetails>; after: Partial<ContactDetails> }> {
  const current = await getWebsiteSettings(db);
  const set: Partial<typeof websiteSettings.$inferInsert> = {};
  const before: Partial<ContactDetails> = {};
  for (const [key, column] of Object.entries(CONTACT_COLUMNS) as [keyof ContactDetails, string][]) {
    const value = details[key];
    if (value === undefined) continue;
    before[key] = current[key];
    (set as Record<string, string>)[column] = value;
  }
  const startRow = Object.fromEntries(
    Object.entries(CONTACT_COLUMNS).map(([key, column]) => [column, current[key as keyof ContactDetails]]),
  );
  await db
    .insert(websiteSettings)
    .values({ id: 1, ...startRow, ...set })
    .onConflictDoUpdate({ target: websiteSettings.id, set: { ...set, updatedAt: new Date() } });
  return { before, after: details };
}
