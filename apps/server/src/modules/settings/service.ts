import { DEFAULT_SETTINGS, type WebsiteSettings } from '@rome/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { websiteSettings } from '../../db/schema';

export async function getSettingsRow(db: Db) {
  const [row] = await db.select().from(websiteSettings).where(eq(websiteSettings.id, 1));
  return row ?? null;
}

/** The public settings; a missing row answers the defaults. */
export async function getWebsiteSettings(db: Db): Promise<WebsiteSettings> {
  const row = await getSettingsRow(db);
  if (!row) return DEFAULT_SETTINGS;
  return {
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
