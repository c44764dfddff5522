import { z } from 'zod';

export const websiteSettingsSchema = z.object({
  max_image_upload_size_mb: z.number(),
  website_facebook: z.string(),
  website_instagram: z.string(),
  website_phone_number: z.string(),
  website_email: z.string(),
  website_address: z.string(),
  address_map_link: z.string(),
});
export type WebsiteSettings = z.infer<typeof websiteSettingsSchema>;

/** Spec §2: default contact values exist as fallbacks when settings cannot be read. */
export const DEFAULT_SETTINGS: WebsiteSettings = {
  max_image_upload_size_mb: 5,
  website_facebook: 'https://www.facebook.com/',
  website_instagram: 'https://www.instagram.com/',
  website_phone_number: '+39 06 1234 5678',
  website_email: 'info@romebustickets.example',
  website_address: 'Via Marsala 29, 00185 Roma RM, Italy',
  address_map_link: 'https://maps.google.com/?q=Via+Marsala+29+Roma',
};

/** Placeholders {email}, {phone} and {address} in content are replaced from website settings. */
export function fillPlaceholders(
  html: string,
  settings: Partial<WebsiteSettings> | null | undefined,
): string {
  const s = { ...DEFAULT_SETTINGS, ...(settings ?? {}) };
  return html
    .replaceAll('{email}', s.website_email || DEFAULT_SETTINGS.website_email)
    .replaceAll('{phone}', s.website_phone_number || DEFAULT_SETTINGS.website_phone_number)
    .replaceAll('{address}', s.website_address || DEFAULT_SETTINGS.website_address);
}

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
export type PartnerLogo = z.infer<typeof partnerLogoSchema>;

/** Spec §9: the partner logo strip repeats the list 20 times; the fallback has 4 placeholders. */
export const LOGO_STRIP_REPEAT = 20;
export const LOGO_FALLBACK_COUNT = 4;

export const newsletterRequestSchema = z.object({ email: z.string() });
export const NEWSLETTER_DUPLICATE_ERROR = 'Email already subscribed';
export const NEWSLETTER_MESSAGES = {
  success: 'Thank you for subscribing! Please check your email.',
  duplicate: 'This email is already subscribed to our newsletter.',
  failure: 'Subscription failed. Please try again later.',
} as const;
