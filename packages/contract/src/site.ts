/**
 * Spec §2: default contact values exist as fallbacks when settings cannot be read. The shape is
 * WebsiteSettings (site.schema.ts); site.test.ts parses it with that schema.
 */
export const DEFAULT_SETTINGS = {
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
  settings: Partial<typeof DEFAULT_SETTINGS> | null | undefined,
): string {
  const s = { ...DEFAULT_SETTINGS, ...(settings ?? {}) };
  return html
    .replaceAll('{email}', s.website_email || DEFAULT_SETTINGS.website_email)
    .replaceAll('{phone}', s.website_phone_number || DEFAULT_SETTINGS.website_phone_number)
    .replaceAll('{address}', s.website_address || DEFAULT_SETTINGS.website_address);
}
/** Spec §9: the partner logo strip repeats the list 20 times; the fallback has 4 placeholders. */
export const LOGO_STRIP_REPEAT = 20;
export const LOGO_FALLBACK_COUNT = 4;
export const NEWSLETTER_DUPLICATE_ERROR = 'Email already subscribed';
export const NEWSLETTER_MESSAGES = {
  success: /*i18n*/ 'Thank you for subscribing! Please check your email.',
  duplicate: /*i18n*/ 'This email is already subscribed to our newsletter.',
  failure: /*i18n*/ 'Subscription failed. Please try again later.',
} as const;
/**
 * Spec §5/§9: the upload limit is max_image_upload_size_mb (default 5); a value below 1 MB is handled
 * in KB (value times 1000). Sizes are compared in the unit the limit is shown in.
 */
export function uploadLimit(maxMb: number | null | undefined): {
  bytes: number;
  limit: number;
  unit: 'MB' | 'KB';
} {
  const mb = typeof maxMb === 'number' && maxMb > 0 ? maxMb : 5;
  if (mb < 1) {
    const kb = Math.round(mb * 1000);
    return { bytes: kb * 1024, limit: kb, unit: 'KB' };
  }
  return { bytes: Math.round(mb * 1024 * 1024), limit: mb, unit: 'MB' };
}
/** A file size in the limit's unit, for the spec's message 'File size ({size}) exceeds ...'. */
export const formatSize = (bytes: number, unit: 'MB' | 'KB'): string =>
  unit === 'KB' ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
export const uploadTooLargeMessage = (bytes: number, maxMb: number | null | undefined): string | null => {
  const l = uploadLimit(maxMb);
  return bytes > l.bytes
    ? `File size (${formatSize(bytes, l.unit)}) exceeds the maximum limit of ${l.limit} ${l.unit}`
    : null;
};
export const MEDIA_TYPES = ['image', 'video', 'other'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
/** Spec §5 Partner logo creation rules, in order; null when the input passes. */
export function validatePartnerLogo(input: {
  logo_id?: unknown;
  name?: unknown;
  website_url?: unknown;
  order?: unknown;
}): string | null {
  if (input.logo_id === undefined || input.logo_id === null || input.logo_id === '')
    return 'Please select a logo image';
  if (typeof input.name !== 'string' || input.name.trim() === '') return 'Partner name is required';
  if (input.website_url !== undefined && input.website_url !== null && input.website_url !== '') {
    if (typeof input.website_url !== 'string' || !/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(input.website_url))
      return 'Please enter a valid URL';
  }
  if (input.order !== undefined && input.order !== null && input.order !== '') {
    const n = Number(input.order);
    if (!Number.isInteger(n) || n < 0) return 'Display order must be a number of at least 0';
  }
  return null;
}
