import { type PartnerLogo, type PartnerLogoInput, validatePartnerLogo } from '@rome/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaItems, partnerLogos } from '../../db/schema';
import { recordEdit } from '../../lib/edit-log';
import { badRequest, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';

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

/** Spec §5 rules (contract) plus: the logo must be an image of the library. Answers the saved logo. */
export async function saveLogo(
  db: Db,
  userId: string,
  id: number | null,
  body: PartnerLogoInput,
): Promise<PartnerLogo> {
  const [existing] = id ? await db.select().from(partnerLogos).where(eq(partnerLogos.id, id)) : [];
  if (id && !existing) throw notFound('Partner logo not found.');
  // An update may send any subset: the rules apply to the logo as it will be.
  const merged = {
    logo_id: body.logo_id !== undefined ? body.logo_id : existing?.logoId,
    name: body.name !== undefined ? body.name : existing?.name,
    website_url: body.website_url !== undefined ? body.website_url : existing?.websiteUrl,
    order: body.order !== undefined ? body.order : existing?.sortOrder,
  };
  const problem = validatePartnerLogo(merged);
  if (problem) throw badRequest(problem);
  const logoId = Number(merged.logo_id);
  // Ids are PostgreSQL integers: a larger number names nothing.
  const [media] =
    Number.isInteger(logoId) && logoId > 0 && logoId <= 2_147_483_647
      ? await db.select().from(mediaItems).where(eq(mediaItems.id, logoId))
      : [];
  if (media?.mediaType !== 'image') throw badRequest('Please select a logo image');
  const order = merged.order ?? 0;
  const values = {
    name: String(merged.name).trim().slice(0, 200),
    altText:
      body.alt_text !== undefined ? (body.alt_text ?? '').trim().slice(0, 300) : (existing?.altText ?? ''),
    websiteUrl: merged.website_url ? merged.website_url.trim() : '',
    // Spec §4: order never goes below 0.
    sortOrder: Math.max(0, order),
    isActive: body.is_active ?? existing?.isActive ?? true,
    logoId,
  };
  const [saved] = existing
    ? await db.update(partnerLogos).set(values).where(eq(partnerLogos.id, existing.id)).returning()
    : await db.insert(partnerLogos).values(values).returning();
  await recordEdit(db, {
    userId,
    entity: 'partner_logo',
    entityKey: String(saved.id),
    before: existing ?? null,
    after: values,
  });
  return (await listLogos(db, { all: true })).find((l) => l.id === saved.id)!;
}

export async function deleteLogo(db: Db, userId: string, id: number): Promise<void> {
  const [gone] = await db.delete(partnerLogos).where(eq(partnerLogos.id, id)).returning();
  if (!gone) throw notFound('Partner logo not found.');
  await recordEdit(db, { userId, entity: 'partner_logo', entityKey: String(id), before: gone, after: null });
}
