/** The operators' console and the superusers' staff list (decision 066): shapes of their calls. */
import { z } from 'zod';
import { packageEditSchema } from './catalog.schema';
import { availabilityQuerySchema, editorSlotSchema } from './inventory.schema';
import { OPERATOR_MESSAGES, OPERATOR_ROLES } from './operator';
import { extraTicketsViewSchema } from './price-categories.schema';
import { isEmail } from './validation';

/** An operator the signed-in person works for (a superuser: every operator, as its manager). */
export const operatorMembershipSchema = z
  .object({
    folder_id: z.number().int(),
    name: z.string(),
    company_slug: z.string(),
    role: z.enum(OPERATOR_ROLES),
  })
  .meta({ id: 'OperatorMembership' });
export type OperatorMembership = z.infer<typeof operatorMembershipSchema>;

export const myOperatorsSchema = z.object({
  operators: z.array(operatorMembershipSchema),
  /** A superuser sees every operator's console. */
  superuser: z.boolean(),
});

export const invitationAcceptSchema = z.object(
  { token: z.string({ error: OPERATOR_MESSAGES.invitationUnknown }).min(1).max(200) },
  { error: OPERATOR_MESSAGES.invitationUnknown },
);

/** One person of an operator, as superusers see the list (never the invitation's token). */
export const operatorStaffSchema = z
  .object({
    id: z.uuid(),
    folder_id: z.number().int(),
    operator: z.string(),
    email: z.string(),
    role: z.enum(OPERATOR_ROLES),
    /** Null until the person took the invitation with an account of that address. */
    accepted_at: z.string().nullable(),
    invited_at: z.string(),
    /** A manager's account must have a second factor before the console opens to it. */
    second_factor: z.boolean(),
  })
  .meta({ id: 'OperatorStaff' });
export type OperatorStaff = z.infer<typeof operatorStaffSchema>;

export const newOperatorStaffSchema = z
  .object(
    {
      folder_id: z.number({ error: OPERATOR_MESSAGES.operatorUnknown }).int().positive(),
      email: z
        .string({ error: 'Enter a valid e-mail address.' })
        .trim()
        .toLowerCase()
        .refine(isEmail, 'Enter a valid e-mail address.'),
      role: z.enum(OPERATOR_ROLES, { error: 'Choose a role: manager, sales or door.' }),
    },
    { error: 'Send folder_id, email and role.' },
  )
  .meta({ examples: [{ folder_id: 1, email: 'manager@operator.example', role: 'manager' }] });

export const operatorFolderParams = z.object({
  folder: z.coerce.number({ error: OPERATOR_MESSAGES.operatorUnknown }).int().positive(),
});

/** An operator's product as its console lists it. */
export const operatorProductSchema = z
  .object({
    package_tag: z.string(),
    title: z.string(),
    adult_price: z.string(),
    youth_price: z.string(),
    active: z.boolean(),
    availability_type: z.string().nullable(),
  })
  .meta({ id: 'OperatorProduct' });

/**
 * What an operator's manager may change of a product: its title, prices and description (HTML,
 * sanitised as an editor's), by the editors' rules.
 */
export const operatorProductEditSchema = packageEditSchema
  .pick({ title: true, adult_price: true, youth_price: true, description: true })
  .meta({ examples: [{ adult_price: '29.00' }] });

/** A range of Rome dates, both ends included (as the availability calls take it). */
export const operatorRangeQuerySchema = availabilityQuerySchema;

export const operatorSlotsQuerySchema = operatorRangeQuerySchema.extend({
  package: z.string().min(1).max(100),
});

export const operatorSlotsSchema = z.object({ package_tag: z.string(), slots: z.array(editorSlotSchema) });

/** A paid, refunded or cancelled booking of one of the operator's products. */
export const operatorBookingSchema = z
  .object({
    reference: z.string(),
    package_tag: z.string(),
    product: z.string(),
    channel: z.string(),
    status: z.string(),
    buyer: z.string(),
    adults: z.number().int(),
    youths: z.number().int(),
    /** Beside the counts (decision 070): the price categories and their proofs. */
    extra_tickets: extraTicketsViewSchema.optional(),
    visit: z.string().nullable().meta({ description: 'The time or day of the visit, ISO (Rome)' }),
    paid_at: z.string().nullable(),
    total: z.string(),
    redeemed: z.boolean(),
  })
  .meta({ id: 'OperatorBooking' });

/** A ticket redeemed at the operator's door (by an agent or a partner's scanner). */
export const operatorRedemptionSchema = z
  .object({
    reference: z.string(),
    product: z.string(),
    claimed_at: z.string(),
    by: z.string(),
    adults: z.number().int(),
    youths: z.number().int(),
    /** Beside the counts (decision 070): the price categories and their proofs. */
    extra_tickets: extraTicketsViewSchema.optional(),
  })
  .meta({ id: 'OperatorRedemption' });

export const operatorSlotParams = operatorFolderParams.extend({
  id: z.uuid({ error: OPERATOR_MESSAGES.slotUnknown }),
});
export const operatorAgentParams = operatorFolderParams.extend({
  id: z.uuid({ error: OPERATOR_MESSAGES.agentUnknown }),
});
export const operatorPackageParams = operatorFolderParams.extend({ packageTag: z.string().min(1).max(100) });
