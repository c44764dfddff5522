import { DEFAULT_SETTINGS, SITE_LOGO_TAG, type WebsiteSettings } from '@rome/contract';
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
