/**
 * Inventory calls (beside the spec's, which keep working): a package's slots for buyers, the editors'
 * availability settings and slots, and cancellations and refunds.
 */
import { z } from 'zod';
import { endpoint, errors } from './endpoint';
import {
  availabilityQuerySchema,
  availabilityResponseSchema,
  availabilitySettingsSchema,
  bulkSlotsResponseSchema,
  bulkSlotsSchema,
  editorAvailabilityResponseSchema,
  recurringSlotsResponseSchema,
  recurringSlotsSchema,
  refundResponseSchema,
  slotUpdateResponseSchema,
  slotUpdateSchema,
} from './inventory.schema';
import { packageTagParams } from './package-key';

const slotParams = z.object({ id: z.uuid({ error: 'The selected time is not available.' }) });
const orderParams = z.object({ uniqueId: z.string().min(1).max(300) });

export const inventoryApi = {
  'GET /api/packages/:packageTag/availability/': endpoint({
    summary: "A package's slots between two Rome dates, with places left",
    tag: 'inventory',
    access: 'public',
    description:
      'from and to are Rome calendar dates (default: today and 60 days on; at most 370 days). Each slot ' +
      'has its instant (UTC), its Rome date and time, the places left and a status: AVAILABLE, LIMITED ' +
      '(10 or fewer left), SOLD_OUT, CLOSED, or PAST (started, or within the booking cut-off). A package ' +
      'without slots answers its settings and no slots.',
    params: packageTagParams,
    query: availabilityQuerySchema,
    responses: { 200: availabilityResponseSchema, 400: errors[400], 404: errors[404] },
  }),
  'GET /api/editor/packages/:packageTag/availability/': endpoint({
    summary: "A package's availability settings and slots with capacity and places taken (editors)",
    tag: 'inventory',
    access: 'editor',
    params: packageTagParams,
    query: availabilityQuerySchema,
    responses: {
      200: editorAvailabilityResponseSchema,
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
  'PUT /api/editor/packages/:packageTag/availability/': endpoint({
    summary: "Set a package's availability kind, cut-offs and pass rules (editors)",
    tag: 'inventory',
    access: 'editor',
    params: packageTagParams,
    body: availabilitySettingsSchema,
    responses: {
      200: editorAvailabilityResponseSchema,
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
  'POST /api/editor/packages/:packageTag/slots/': endpoint({
    summary: 'Add recurring slots in one step: weekdays x times x date range, minus exceptions (editors)',
    tag: 'inventory',
    access: 'editor',
    description:
      'Times are Rome wall-clock times. A time that already has a slot is skipped, and so is a time that ' +
      'does not exist in Rome (the hour skipped on the last Sunday of March).',
    params: packageTagParams,
    body: recurringSlotsSchema,
    responses: {
      200: recurringSlotsResponseSchema,
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
  'POST /api/editor/packages/:packageTag/slots/bulk/': endpoint({
    summary: 'Close, reopen or resize many slots at once: a list of days, or a weekday of a month (editors)',
    tag: 'inventory',
    access: 'editor',
    description:
      "All or nothing, in one transaction under the slots' locks. Days are Rome dates (`dates`), or every " +
      '`weekday` (0 Sunday) of a `month`; `time_from`/`time_to` (Rome, both included) narrow the times. ' +
      'A slot that has started is left as it was and counted in `past`. A capacity below the places a slot ' +
      'has sold or holds refuses the whole step (409), naming the slot; nothing is changed then.',
    params: packageTagParams,
    body: bulkSlotsSchema,
    responses: {
      200: bulkSlotsResponseSchema,
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
      409: errors[409],
    },
  }),
  'PATCH /api/editor/slots/:id/': endpoint({
    summary: "Change a slot's capacity, or close or reopen it (editors)",
    tag: 'inventory',
    access: 'editor',
    description: 'A capacity below the places already sold or held is refused (409), naming the count.',
    params: slotParams,
    body: slotUpdateSchema,
    responses: {
      200: slotUpdateResponseSchema,
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
      409: errors[409],
    },
  }),
  'DELETE /api/editor/slots/:id/': endpoint({
    summary: 'Delete a slot that has no bookings (editors)',
    tag: 'inventory',
    access: 'editor',
    params: slotParams,
    responses: {
      200: z.object({ message: z.string() }).meta({ examples: [{ message: 'Deleted.' }] }),
      401: errors[401],
      403: errors[403],
      404: errors[404],
      409: errors[409],
    },
  }),
  'POST /api/tickets/:uniqueId/cancel/': endpoint({
    summary: 'The buyer cancels an unused ticket before the cancellation cut-off and is refunded',
    tag: 'tickets',
    access: 'user',
    description:
      'Only the buyer, only a paid and unclaimed ticket, only before the cut-off (409 otherwise, with a ' +
      'plain message). The places return to the slot; a confirmation e-mail goes out.',
    params: orderParams,
    responses: {
      200: refundResponseSchema,
      401: errors[401],
      404: errors[404],
      409: errors[409],
    },
  }),
  'POST /api/admin/orders/:uniqueId/refund/': endpoint({
    summary: 'Refund any paid order (superusers)',
    tag: 'tickets',
    access: 'superuser',
    stepUp: true,
    params: orderParams,
    responses: {
      200: refundResponseSchema,
      401: errors[401],
      403: errors[403],
      404: errors[404],
      409: errors[409],
    },
  }),
} as const;
