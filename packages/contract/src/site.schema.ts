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
/** A link a visitor's browser opens from the shop: https only (no script or data address). */
const httpsLink = (what: string) =>
  z
    .string()
    .trim()
    .max(500, `The ${what} is too long (at most 500 characters)`)
    .refine(
      (v) => v === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v),
      `The ${what} must be an https:// address`,
    );

/**
 * The contact and social details editors change in place (the get-in-touch block, the footer): each
 * field optional, the ones sent replace the stored ones, an empty one hides its line.
 */
export const contactDetailsSchema = z
  .object({
    website_phone_number: z
      .string()
      .trim()
      .max(40, 'The phone number is too long (at most 40 characters)')
      .regex(/^[+\d][\d ()./-]*$|^$/, 'The phone number may hold digits, spaces, +, (, ), ., / and - only'),
    website_email: z
      .string()
      .trim()
      .max(254, 'The e-mail address is too long')
      .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid e-mail address'),
    website_address: z.string().trim().max(300, 'The address is too long (at most 300 characters)'),
    address_map_link: httpsLink('map link'),
    website_facebook: httpsLink('Facebook address'),
    website_instagram: httpsLink('Instagram address'),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one contact detail to change');
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

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
