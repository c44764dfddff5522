/** The website settings' calls of spec §7 (contact details, global head code). */
import { z } from 'zod';
import { endpoint, errors } from './endpoint';
import { DEFAULT_SETTINGS } from './site';
import { contactDetailsSchema, websiteSettingsSchema } from './site.schema';

/** Longest head code accepted; a tag manager snippet is a few hundred characters. */
export const HEAD_CODE_MAX = 50_000;

const EXAMPLE_HEAD_CODE = '<meta name="google-site-verification" content="abc123">';
const headCodeAnswer = z
  .object({ status: z.literal(200), global_head_code: z.string() })
  .meta({ examples: [{ status: 200, global_head_code: EXAMPLE_HEAD_CODE }] });

export const siteApi = {
  'GET /api/website-settings/': endpoint({
    summary: 'The website settings: upload limit, contact, social and map fields',
    tag: 'settings',
    access: 'public',
    responses: {
      200: z.object({ status: z.literal(200), data: websiteSettingsSchema }).meta({
        examples: [
          {
            status: 200,
            data: DEFAULT_SETTINGS,
          },
        ],
      }),
    },
  }),
  'PATCH /api/website-settings/': endpoint({
    summary: 'Change the contact and social details (editors; beside the spec, which only reads them)',
    tag: 'settings',
    access: 'editor',
    body: contactDetailsSchema.meta({
      examples: [{ website_phone_number: '+39 06 1234 5678', website_email: 'hello@example.com' }],
    }),
    responses: {
      200: z.object({ status: z.literal(200), data: websiteSettingsSchema }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
    },
  }),
  'GET /api/website-settings/global-head-code/': endpoint({
    summary: 'The global head code (markup put into every page head)',
    tag: 'settings',
    access: 'public',
    responses: { 200: headCodeAnswer },
  }),
  'PATCH /api/website-settings/global-head-code/': endpoint({
    summary: 'Replace the global head code (editors; stored as written, runs on every page)',
    tag: 'settings',
    access: 'editor',
    body: z
      .object({
        global_head_code: z
          .string({ error: 'global_head_code is required' })
          .max(HEAD_CODE_MAX, `The head code is too long (at most ${HEAD_CODE_MAX} characters)`),
      })
      .meta({ examples: [{ global_head_code: EXAMPLE_HEAD_CODE }] }),
    responses: {
      200: headCodeAnswer,
      400: errors[400],
      401: errors[401],
      403: errors[403],
    },
  }),
} as const;
