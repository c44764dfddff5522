/**
 * The page content, media library and partner logo calls of spec §7: static content and its editing
 * (content blocks, page images, page metadata), the media library and the partner logos. The answers
 * keep the spec's keys (`status`, `data`, `success`, `message`); errors are the one shape {error, code}
 * with the spec's extra key beside them where it names one (`message` on a failed upload or content save).
 */
import { z } from 'zod';
import { apiErrorSchema, endpoint, errors } from './endpoint';
import { languageQuerySchema } from './locales.schema';
import { MEDIA_TYPES } from './site';
import { mediaItemSchema, partnerLogoSchema } from './site.schema';

// ---- shapes -----------------------------------------------------------------------------------------

/** The largest PostgreSQL integer: ids above it name nothing. */
const MAX_ID = 2_147_483_647;

/**
 * A row id in the path. Anything that is not a positive PostgreSQL integer names nothing and arrives as
 * null, which the route answers with its 404 (as an unknown id is).
 */
export const rowIdParamSchema = z
  .string()
  .meta({ description: 'The id (a positive integer).', examples: ['12'] })
  .transform((s) => {
    const n = Number(s);
    return /^\d{1,10}$/.test(s) && n > 0 && n <= MAX_ID ? n : null;
  });

export const pageMetaSchema = z.object({
  slug: z.string(),
  title: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
  /** JSON-LD put into the page's head; null when none. */
  schema_json: z.unknown(),
});
export const contentBlockSchema = z.object({
  unique_tag: z.string(),
  block_content: z.string(),
  block_type: z.string(),
  is_active: z.boolean(),
  /**
   * Beside the spec's fields (decision 024), asked for with ?lang=: false when the block has no words in
   * that language yet and shows its English (the editors see it marked).
   */
  translated: z.boolean().optional(),
});

export const pageImageFileSchema = z.object({
  id: z.number().int(),
  file: z.string().nullable(),
  alt_text: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export const pageImageSchema = z.object({
  unique_tag: z.string(),
  image: pageImageFileSchema.nullable(),
  help_text: z.string(),
});
export const staticContentSchema = z.object({
  status: z.literal(200),
  page: pageMetaSchema,
  content_blocks: z.array(contentBlockSchema),
  page_images: z.array(pageImageSchema),
});

const PAGE_EXAMPLE = {
  slug: 'about-us',
  title: 'About Us',
  meta_title: 'About Us | Rome Bus Tickets',
  meta_description: 'Who we are.',
  meta_keywords: 'rome, bus, tickets',
  schema_json: null,
};
const BLOCK_EXAMPLE = {
  unique_tag: 'about-us-title',
  block_content: 'About Us',
  block_type: 'html',
  is_active: true,
};
const PAGE_IMAGE_EXAMPLE = {
  unique_tag: 'about-us-banner',
  image: {
    id: 12,
    file: '/media/AbCdEfGhIjKlMnOpQrStUv.webp',
    alt_text: 'The Colosseum',
    width: 1920,
    height: 1080,
  },
  help_text: '',
};
const MEDIA_EXAMPLE = {
  id: 12,
  name: 'Colosseum',
  alt_text: 'The Colosseum at dusk',
  file: '/media/AbCdEfGhIjKlMnOpQrStUv.webp',
  thumbnail: '/media/VuTsRqPoNmLkJiHgFeDcBa.webp',
  media_type: 'image',
  content_type: 'image/webp',
  size: 184_320,
  file_size: 184_320,
  width: 1920,
  height: 1080,
  created_at: '2026-05-01T09:30:00.000Z',
} as const;
const LOGO_EXAMPLE = {
  id: 3,
  name: 'Vespa Tours',
  alt_text: 'Vespa Tours logo',
  website_url: 'https://vespa.example',
  is_active: true,
  order: 0,
  logo_id: 12,
  logo: '/media/AbCdEfGhIjKlMnOpQrStUv.webp',
  logo_url: '/media/AbCdEfGhIjKlMnOpQrStUv.webp',
};

/** POST edit-content/{tag}/: the block's HTML (sanitised by the server); `page` creates a new tag's block. */
export const editContentBodySchema = z
  .object({ content: z.string(), page: z.string().optional() })
  .meta({ examples: [{ content: '<p>Who we are</p>', page: 'about-us' }] });

/** PATCH page-image/{tag}/update/: a media library image for the tag; `page` creates a new tag's image. */
export const pageImageBodySchema = z
  .object({ image_id: z.number().int().positive().max(MAX_ID), page: z.string().optional() })
  .meta({ examples: [{ image_id: 12, page: 'about-us' }] });

/** PATCH pages/{page}/update/: any of the metadata; schema_json is JSON text (or the JSON itself), empty or null for none. */
export const pageMetaBodySchema = z
  .object({
    meta_title: z.string().nullable().optional(),
    meta_description: z.string().nullable().optional(),
    meta_keywords: z.string().nullable().optional(),
    schema_json: z
      .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
      .nullable()
      .optional(),
  })
  .meta({
    examples: [
      {
        meta_title: 'About Us | Rome Bus Tickets',
        meta_description: 'Who we are.',
        meta_keywords: 'rome, bus',
        schema_json: '{"@type":"WebPage"}',
      },
    ],
  });

/** The form fields of POST media-library/create/ (multipart, beside the `file`); empty fields count as absent. */
export const mediaUploadFieldsSchema = z.object({
  name: z.string().optional(),
  alt_text: z.string().optional(),
  media_type: z.enum(MEDIA_TYPES, { error: 'media_type must be image, video or other.' }).optional(),
});

/** PATCH media-library/{id}/update/: only the changed fields (the media type follows the file and cannot change). */
export const mediaUpdateBodySchema = z
  .object({
    name: z.string().optional(),
    alt_text: z.string().optional(),
    media_type: z.enum(MEDIA_TYPES).optional(),
  })
  .meta({ examples: [{ name: 'Colosseum at dusk', alt_text: 'The Colosseum lit at dusk' }] });

/**
 * Partner logo create (all that the spec lists) and update (any of them). The spec's rules and their
 * messages ('Please select a logo image', 'Partner name is required', ...) are `validatePartnerLogo`.
 */
export const partnerLogoBodySchema = z
  .object({
    name: z.string().optional(),
    logo_id: z.number().int().nullable().optional(),
    alt_text: z.string().nullable().optional(),
    website_url: z.string().nullable().optional(),
    is_active: z.boolean().optional(),
    order: z.number().nullable().optional(),
  })
  .meta({
    examples: [
      {
        name: 'Vespa Tours',
        logo_id: 12,
        alt_text: 'Vespa Tours logo',
        website_url: 'https://vespa.example',
        is_active: true,
        order: 0,
      },
    ],
  });

/** A failure the spec says is read as `message` (an upload, a content save): the same text as `error`. */
const errorWithMessage = apiErrorSchema.extend({ message: z.string().optional() });

// ---- calls ------------------------------------------------------------------------------------------

export const contentApi = {
  'GET /api/static-content/:pageTag/': endpoint({
    summary: "A page's content blocks, images and metadata",
    description: 'A page with nothing stored yet answers empty lists.',
    tag: 'content',
    access: 'public',
    params: z.object({ pageTag: z.string().meta({ examples: ['about-us'] }) }),
    query: languageQuerySchema,
    responses: {
      200: staticContentSchema.meta({
        examples: [
          {
            status: 200,
            page: PAGE_EXAMPLE,
            content_blocks: [BLOCK_EXAMPLE],
            page_images: [PAGE_IMAGE_EXAMPLE],
          },
        ],
      }),
      404: errors[404],
    },
  }),
  'POST /api/edit-content/:tag/': endpoint({
    summary: "Save a content block's HTML",
    description: 'The HTML is sanitised. A tag that has no block yet needs `page` to be created.',
    tag: 'content',
    access: 'editor',
    params: z.object({ tag: z.string().meta({ examples: ['about-us-title'] }) }),
    query: languageQuerySchema,
    body: editContentBodySchema,
    invalid: 'Content is required.',
    responses: {
      200: z
        .object({ status: z.literal(200), data: contentBlockSchema })
        .meta({ examples: [{ status: 200, data: BLOCK_EXAMPLE }] }),
      400: errorWithMessage,
      401: errors[401],
      403: errors[403],
      404: errorWithMessage,
    },
  }),
  'PATCH /api/page-image/:tag/update/': endpoint({
    summary: 'Attach a media library image to a page image tag',
    description: 'A tag that has no image yet needs `page` to be created.',
    tag: 'content',
    access: 'editor',
    params: z.object({ tag: z.string().meta({ examples: ['about-us-banner'] }) }),
    body: pageImageBodySchema,
    invalid: 'Invalid image selected',
    responses: {
      200: z
        .object({ status: z.literal(200), data: pageImageSchema })
        .meta({ examples: [{ status: 200, data: PAGE_IMAGE_EXAMPLE }] }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
  'DELETE /api/page-image/:tag/': endpoint({
    summary: "Take a page image's picture off: the page shows its own default again (editors)",
    description:
      "Beside the spec, which only sets a picture: a section whose default is a drawing (the home page's " +
      'hero and bottom banner) or a bundled banner gets it back. The tag stays, without a picture.',
    tag: 'content',
    access: 'editor',
    params: z.object({ tag: z.string().meta({ examples: ['home-hero-image'] }) }),
    responses: {
      200: z
        .object({ status: z.literal(200), data: pageImageSchema })
        .meta({ examples: [{ status: 200, data: { ...PAGE_IMAGE_EXAMPLE, image: null } }] }),
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
  'PATCH /api/pages/:page/update/': endpoint({
    summary: "Update a page's metadata (title, description, keywords, JSON-LD)",
    tag: 'content',
    access: 'editor',
    params: z.object({ page: z.string().meta({ examples: ['about-us'] }) }),
    query: languageQuerySchema,
    body: pageMetaBodySchema,
    responses: {
      200: z
        .object({ status: z.literal(200), data: pageMetaSchema })
        .meta({ examples: [{ status: 200, data: PAGE_EXAMPLE }] }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),

  'GET /api/media-library/': endpoint({
    summary: 'The media library, newest first',
    tag: 'media',
    access: 'public',
    responses: {
      200: z.object({ data: z.array(mediaItemSchema) }).meta({ examples: [{ data: [MEDIA_EXAMPLE] }] }),
    },
  }),
  'POST /api/media-library/create/': endpoint({
    summary: 'Upload a file to the media library',
    description:
      'multipart/form-data: `file` (required), `name`, `alt_text` and `media_type` (image, video or other; ' +
      'optional). Images are re-encoded to WebP with a small variant; the size limit is the website ' +
      "settings' max_image_upload_size_mb. Failures carry `message` beside `error`.",
    tag: 'media',
    access: 'editor',
    form: { fields: mediaUploadFieldsSchema, file: 'file' },
    responses: {
      201: z
        .object({ data: mediaItemSchema, message: z.string() })
        .meta({ examples: [{ data: MEDIA_EXAMPLE, message: 'Media uploaded successfully!' }] }),
      400: errorWithMessage,
      401: errors[401],
      403: errors[403],
      413: errorWithMessage,
      507: errorWithMessage.meta({ description: 'The disk is full or read-only: nothing was stored' }),
    },
  }),
  'PATCH /api/media-library/:id/update/': endpoint({
    summary: 'Rename a media item or change its alt text (only the changed fields)',
    tag: 'media',
    access: 'editor',
    params: z.object({ id: rowIdParamSchema }),
    body: mediaUpdateBodySchema,
    responses: {
      200: z
        .object({ data: mediaItemSchema, success: z.literal(true) })
        .meta({ examples: [{ data: MEDIA_EXAMPLE, success: true }] }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
  'DELETE /api/media-library/:id/delete/': endpoint({
    summary: 'Delete a media item that nothing uses',
    description: 'An item in use answers 409 and lists where (`used_by`).',
    tag: 'media',
    access: 'editor',
    params: z.object({ id: rowIdParamSchema }),
    responses: {
      200: z
        .object({ success: z.literal(true), message: z.string() })
        .meta({ examples: [{ success: true, message: 'Media deleted successfully!' }] }),
      401: errors[401],
      403: errors[403],
      404: errors[404],
      409: apiErrorSchema.extend({ used_by: z.array(z.string()) }),
    },
  }),

  'GET /api/partner-logos': endpoint({
    summary: 'The active partner logos in display order',
    tag: 'logos',
    access: 'public',
    responses: {
      200: z
        .object({ status: z.literal(200), data: z.array(partnerLogoSchema) })
        .meta({ examples: [{ status: 200, data: [LOGO_EXAMPLE] }] }),
    },
  }),
  'GET /api/partner-logos/all/': endpoint({
    summary: 'Every partner logo, active or not, in display order',
    tag: 'logos',
    access: 'editor',
    responses: {
      200: z.array(partnerLogoSchema).meta({ examples: [[LOGO_EXAMPLE]] }),
      401: errors[401],
      403: errors[403],
    },
  }),
  'POST /api/partner-logos/create/': endpoint({
    summary: 'Create a partner logo',
    tag: 'logos',
    access: 'editor',
    body: partnerLogoBodySchema,
    responses: {
      201: z
        .object({ data: partnerLogoSchema, message: z.string() })
        .meta({ examples: [{ data: LOGO_EXAMPLE, message: 'Partner logo created successfully!' }] }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
    },
  }),
  'PATCH /api/partner-logos/:id/update/': endpoint({
    summary: 'Update a partner logo (any of its fields)',
    tag: 'logos',
    access: 'editor',
    params: z.object({ id: rowIdParamSchema }),
    body: partnerLogoBodySchema,
    responses: {
      200: z
        .object({ data: partnerLogoSchema, message: z.string() })
        .meta({ examples: [{ data: LOGO_EXAMPLE, message: 'Partner logo updated successfully!' }] }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
  'DELETE /api/partner-logos/:id/delete/': endpoint({
    summary: 'Delete a partner logo',
    tag: 'logos',
    access: 'editor',
    params: z.object({ id: rowIdParamSchema }),
    responses: {
      200: z
        .object({ message: z.string() })
        .meta({ examples: [{ message: 'Partner logo deleted successfully!' }] }),
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
} as const;

export type MediaUploadFields = z.infer<typeof mediaUploadFieldsSchema>;
export type MediaUpdate = z.infer<typeof mediaUpdateBodySchema>;
export type PartnerLogoInput = z.infer<typeof partnerLogoBodySchema>;
export type EditContentInput = z.infer<typeof editContentBodySchema>;
export type PageImageInput = z.infer<typeof pageImageBodySchema>;
export type PageMetaInput = z.infer<typeof pageMetaBodySchema>;
