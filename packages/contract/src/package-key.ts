/**
 * The package key: the one identifier of a package ('BB-24', 'RM-COL'), and its name in each layer.
 * Written once here so that a reader meets one name per layer (decision 036):
 *
 * | layer                                   | name                 | why                              |
 * | --------------------------------------- | -------------------- | -------------------------------- |
 * | PostgreSQL column (`packages`)          | `package_tag`        | the spec's field name            |
 * | TypeScript (server, web, Drizzle field) | `packageTag`         | the same word in camelCase       |
 * | JSON of the shop's API                  | `package_tag`        | the spec's field                 |
 * | API route parameters                    | `:packageTag`        | read in TypeScript               |
 * | the spec's checkout form field          | `package_identifier` | the spec's call (kept as written) |
 * | the spec's ticket page path             | `/manageBookings/:status/:id` | the spec's route (kept)  |
 * | OCTO (resellers)                        | `productId`, product `id` | the OCTO standard           |
 *
 * The spec's checkout field and page path, and OCTO's names, are outside the shop's choice and are read
 * into `packageTag` where they arrive; everywhere else a package key is `package_tag` on the wire and
 * `packageTag` in code, never `tag` or `id` (a content block's `tag` and a media item's `id` are other
 * things).
 */
import { z } from 'zod';

/** A package key as a route parameter or a field: what the database can hold, nothing more. */
export const packageTagSchema = z
  .string()
  .min(1, 'Package tag is missing')
  .max(200)
  .meta({ description: 'The package tag', examples: ['BB-24'] });

/** Route parameters of the calls about one package. */
export const packageTagParams = z.object({ packageTag: packageTagSchema });
