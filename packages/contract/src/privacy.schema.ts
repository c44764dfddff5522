/**
 * zod schemas of the data-rights calls (privacy.api.ts): the download of everything the shop holds
 * about an account, and its deletion. The download never holds a secret or a hash (no password hash,
 * no token, no claim code, no reset code).
 */
import { z } from 'zod';
import { billingDetailsSchema } from './invoice.schema';

const when = z.string().nullable();

export const accountDataSchema = z
  .object({
    exported_at: z.string(),
    account: z.object({
      id: z.string(),
      email: z.string(),
      full_name: z.string(),
      phone_number: z.string(),
      is_editor: z.boolean(),
      is_superuser: z.boolean(),
      member_since: z.string(),
      updated_at: z.string(),
    }),
    orders: z.array(
      z.object({
        order_reference: z.string(),
        package: z.string(),
        status: z.string(),
        selected_date: z.string().nullable(),
        slot_starts_at: when,
        adults: z.number(),
        youths: z.number(),
        infants: z.number(),
        adult_price: z.number(),
        youth_price: z.number(),
        total_price: z.number(),
        currency: z.string(),
        created_at: z.string(),
        paid_at: when,
        claimed_at: when,
        refunded_at: when,
        refund_reason: z.string().nullable(),
        /** The billing details given at checkout for its invoice (decision 069); null: none. */
        invoice_request: billingDetailsSchema.nullable(),
      }),
    ),
    /**
     * The invoices and credit notes of the account's orders (decisions 061, 069), each with the seller
     * and the billing details it was issued with; amounts are exact decimals in euro.
     */
    invoices: z.array(
      z.object({
        kind: z.enum(['invoice', 'credit_note']),
        number: z.string(),
        date: z.string(),
        order_reference: z.string(),
        seller: z.object({ legal_name: z.string(), vat_number: z.string() }),
        billing_details: billingDetailsSchema,
        taxable: z.string(),
        tax: z.string(),
        total: z.string(),
      }),
    ),
    activity: z.array(
      z.object({
        occurred_at: z.string(),
        action: z.string(),
        page: z.string().nullable(),
        full_url: z.string().nullable(),
        ip_address: z.string().nullable(),
        country: z.string().nullable(),
        city: z.string().nullable(),
        region: z.string().nullable(),
        user_agent: z.string().nullable(),
        screen_resolution: z.string().nullable(),
        device: z.string().nullable(),
        details: z.unknown(),
      }),
    ),
    activity_truncated: z.boolean(),
    newsletter: z.object({ subscribed: z.boolean(), since: when }),
    sign_ins: z.array(
      z.object({
        started_at: z.string(),
        issued_at: z.string(),
        expires_at: z.string(),
        used_at: when,
        revoked_at: when,
      }),
    ),
    password_reset: z
      .object({
        requested_at: z.string(),
        expires_at: when,
        failed_attempts: z.number(),
        locked_until: when,
      })
      .nullable(),
    email_changes: z.array(
      z.object({
        old_email: z.string(),
        new_email: z.string(),
        changed_at: z.string(),
        undo_expires_at: z.string(),
        undo_used_at: when,
      }),
    ),
  })
  .meta({ id: 'AccountData' });
export type AccountData = z.infer<typeof accountDataSchema>;

export const deleteAccountRequestSchema = z
  .object({ password: z.string() })
  .meta({ examples: [{ password: 'my current password' }] });
