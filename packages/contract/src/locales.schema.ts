/** zod schemas of locales.ts (kept apart so the visitor's bundle that uses only the rules carries no zod). */
import { z } from 'zod';
import { LOCALES } from './locales';

/**
 * Beside the spec's calls (decision 024): the language content or a package is read or written in
 * (`?lang=`). Absent or 'en': English, the spec's store, as before.
 */
export const languageQuerySchema = z.object({
  lang: z.enum(LOCALES, { error: 'Unknown language.' }).optional(),
});
