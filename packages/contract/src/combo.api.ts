/**
 * Combos across operators (decision 071): the ticket page's read of a combo's parts, and the
 * superusers' calls that make a package a combo.
 */
import { z } from 'zod';
import { comboAdminSchema, comboEditSchema, comboViewSchema } from './combo.schema';
import { endpoint, errors } from './endpoint';
import { packageTagParams } from './package-key';

export const comboApi = {
  'GET /api/packages/:packageTag/combo/': endpoint({
    summary: "A combo's parts: what the buyer chooses a time for",
    tag: 'catalog',
    access: 'public',
    description:
      'For a package on sale that is a combo: its parts in order, with their operator and how each sells ' +
      '(times, a pass, open-dated). 404 for any other package. The checkout sends the chosen time of each ' +
      'part that sells in times as `combo_slots` (part package tag to slot id).',
    params: packageTagParams,
    responses: { 200: comboViewSchema, 404: errors[404] },
  }),
  'GET /api/admin/combos/': endpoint({
    summary: 'Every combo with its parts and their shares (superusers)',
    tag: 'catalog',
    access: 'superuser',
    responses: {
      200: z.object({ combos: z.array(comboAdminSchema) }),
      401: errors[401],
      403: errors[403],
    },
  }),
  'PUT /api/admin/combos/:packageTag/': endpoint({
    summary: 'Make a package a combo, or change its parts, shares and cancellation rule (superusers)',
    tag: 'catalog',
    access: 'superuser',
    description:
      "The package's own adult and youth prices are the combo's; the parts' shares must add up to them. " +
      'A part is another package (any operator) that sells in times, is a pass or is open-dated, and is ' +
      'not a combo. Once a combo has been sold its parts and shares stay as they were (409); its ' +
      'cancellation cut-off may still change.',
    // What each operator is owed for a combo changes: the password again, as for a commission.
    stepUp: true,
    params: packageTagParams,
    body: comboEditSchema,
    responses: {
      200: comboAdminSchema,
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
      409: errors[409],
    },
  }),
} as const;
