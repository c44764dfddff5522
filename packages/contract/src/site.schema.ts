/**
 * zod schemas of site.ts (requests and responses of spec §7). Kept apart from the pure rules so a
 * bundle that uses only the rules (the visitor's web app) carries no zod.
 */
import { z } from 'zod';
import { MEDIA_TYPES } from './site';

export const websiteSettingsSchema = z.object({
  max_image_upload_size_mb: z.number(),
  website_facebook: z.string(),
  website_instagram: z.string(),
  website_phone_number: z.string(),
  website_email: z.string(),
  website_address: z.string(),
  address_map_link: z.string(),
  /**
   * The navigation bar's logo picture chosen by an editor (page image `site-logo`), or null for the
   * bundled logo. Beside the spec's keys, absent in the defaults.
   */
  site_logo: z.object({ id: z.number().int(), file: z.string() }).nullable().optional(),
});
export const partnerLogoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alt_text: z.string(),
  website_url: z.string(),
  is_active: z.boolean(),
  order: z.number().int(),
  logo_id: z.number().int().nullable(),
  logo: z.string().nullable(),
  logo_url: z.string().nullable(),
});
export const mediaItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alt_text: z.string(),
  file: z.string(),
  thumbnail: z.string().nullable(),
  media_type: z.enum(MEDIA_TYPES),
  content_type: z.string(),
  size: z.number().int(),
  file_size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: z.string(),
});

// Types inferred from the schemas above (the web imports them as types only, so it carries no zod).
export type WebsiteSettings = z.infer<typeof websiteSettingsSchema>;
export type PartnerLogo = z.infer<typeof partnerLogoSchema>;
export type MediaItem = z.infer<typeof mediaItemSchema>;
