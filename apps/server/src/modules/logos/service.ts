import type { PartnerLogo } from '@rome/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaItems, partnerLogos } from '../../db/schema';
import { mediaUrl } from '../media/urls';

/** Partner logos in display order; only the active ones unless `all`. */
export async function listLogos(db: Db, opts: { all: boolean }): Promise<PartnerLogo[]> {
  const rows = await db
    .select({ logo: partnerLogos, key: mediaItems.fileKey })
    .from(partnerLogos)
    .leftJoin(mediaItems, eq(mediaItems.id, partnerLogos.logoId))
    .where(opts.all ? undefined : eq(partnerLogos.isActive, true))
    .orderBy(asc(partnerLogos.sortOrder), asc(partnerLogos.id));
  return rows.map(({ logo, key }) => ({
    id: logo.id,
    name: logo.name,
    alt_text: logo.altText,
    website_url: logo.websiteUrl,
    is_active: logo.isActive,
    order: logo.sortOrder,
    logo_id: logo.logoId,
    logo: mediaUrl(key),
    logo_url: mediaUrl(key),
  }));
}
