/**
 * zod schemas of catalog.ts (requests and responses of spec §7). Kept apart from the pure rules so a
 * bundle that uses only the rules (the visitor's web app) carries no zod.
 */
import { z } from 'zod';
import type { ImageSlot } from './catalog';
import { ALT_SLOTS, IMAGE_SLOTS, PACKAGE_KINDS } from './catalog';

const imageFields = Object.fromEntries(IMAGE_SLOTS.map((s) => [s, z.string().nullable()])) as Record<
  ImageSlot,
  z.ZodNullable<z.ZodString>
>;
const altFields = Object.fromEntries(ALT_SLOTS.map((s) => [`${s}_alt`, z.string()])) as Record<
  string,
  z.ZodString
>;
export const packageSchema = z.object({
  id: z.number().int(),
  package_tag: z.string(),
  title: z.string(),
  type: z.string(),
  duration: z.string(),
  ticket_type: z.enum(PACKAGE_KINDS),
  status: z.string(),
  folder: z.number().int(),
  company: z.string(),
  adult_price: z.string(),
  youth_price: z.string(),
  off_price: z.string().nullable(),
  ...imageFields,
  ...altFields,
  dates: z.array(z.string()),
  description: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
  schema_json: z.unknown().nullable(),
  is_featured: z.boolean(),
});
export const folderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_slug: z.string(),
  active: z.boolean(),
});
export const packagesResponseSchema = z.object({
  bus_data: z.array(packageSchema),
  folders: z.array(folderSchema),
});
export const packageResponseSchema = z.object({ data: packageSchema });
/** Offers page static list (/bus.json). */
export const offerSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  duration: z.string(),
  ticket_count: z.number().int(),
  price: z.string(),
});

// Types inferred from the schemas above (the web imports them as types only, so it carries no zod).
export type Package = z.infer<typeof packageSchema> & Record<string, unknown>;
export type Folder = z.infer<typeof folderSchema>;
export type PackagesResponse = { bus_data: Package[]; folders: Folder[] };
export type Offer = z.infer<typeof offerSchema>;
