/**
 * Customers' data rights (GDPR, decision 016), shared by the API (`GET /api/profile/data/`,
 * `POST /api/profile/delete/`) and the admin CLI (`user:export`, `user:delete`).
 *
 * The download holds what the shop keeps about the account: the profile, its orders (with the billing
 * details given at checkout) and their invoices and credit notes (decision 069), activity events
 * with its id or address, the newsletter subscription of its address, and the metadata of its
 * sign-ins, password reset and e-mail changes. Never a secret or a hash (password, tokens, claim
 * codes, reset codes, undo links).
 *
 * Deletion erases the person and keeps the accounting: the account row stays (orders point at it)
 * with a placeholder address under DELETED_EMAIL_DOMAIN, no name, phone or usable password; its
 * tokens, reset and undo records, newsletter subscription, mail in the outbox, rate-limit rows
 * keyed by its address and the payloads of payment events that name it go; its activity events lose user id, address, IP and city; its orders keep
 * package, amounts, dates and state.
 */
import { randomUUID } from 'node:crypto';
import {
  type AccountData,
  centsToDecimal,
  DELETED_ACCOUNT_NAME,
  DELETED_EMAIL_DOMAIN,
  EXPORT_MAX_ACTIVITY_EVENTS,
  invoiceNumberText,
  orderReference,
} from '@rome/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../lib/users';

const rowsOf = (result: any): any[] => result.rows ?? result;
const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v as any).toISOString();
const euros = (cents: unknown): number => Math.round(Number(cents ?? 0)) / 100;
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export async function exportAccountData(db: Db, user: UserRow): Promise<AccountData> {
  const orders = rowsOf(
    await db.execute(sql`
      SELECT o.unique_id, p.title, o.status, o.selected_date::text AS selected_date, s.starts_at,
        o.adult_count, o.youth_count, o.infant_count, o.adult_price_cents, o.youth_price_cents,
        o.total_cents, o.currency, o.created_at, o.paid_at, o.claimed_at, o.refunded_at, o.refund_reason,
        o.invoice_request
      FROM orders o JOIN packages p ON p.id = o.package_id LEFT JOIN slots s ON s.id = o.slot_id
      WHERE o.user_id = ${user.id}
      ORDER BY o.created_at`),
  );
  // The account's own orders' documents only: an invoice is reached through its order's buyer.
  const invoices = rowsOf(
    await db.execute(sql`
      SELECT i.kind, i.year, i.number, i.issue_date::text AS issue_date, o.unique_id, i.seller, i.buyer,
        i.taxable_cents, i.tax_cents, i.total_cents
      FROM invoices i JOIN orders o ON o.id = i.order_id
      WHERE o.user_id = ${user.id}
      ORDER BY i.created_at`),
  );
  const activity = rowsOf(
    await db.execute(sql`
      SELECT occurred_at, action, page, full_url, ip_address, country, city, region, user_agent,
        screen_resolution, device, details
      FROM activity_events
      WHERE user_id = ${user.id} OR user_email = ${user.email}
      ORDER BY occurred_at DESC
      LIMIT ${EXPORT_MAX_ACTIVITY_EVENTS + 1}`),
  );
  const [newsletter] = rowsOf(
    await db.execute(sql`SELECT created_at FROM newsletter_subscriptions WHERE email = ${user.email}`),
  );
  const signIns = rowsOf(
    await db.execute(sql`
      SELECT family_started_at, created_at, expires_at, used_at, revoked_at
      FROM refresh_tokens WHERE user_id = ${user.id} ORDER BY created_at`),
  );
  const [reset] = rowsOf(
    await db.execute(sql`
      SELECT updated_at, expires_at, failed_attempts, locked_until
      FROM password_resets WHERE user_id = ${user.id}`),
  );
  const emailChanges = rowsOf(
    await db.execute(sql`
      SELECT old_email, new_email, created_at, expires_at, used_at
      FROM email_change_undos WHERE user_id = ${user.id} ORDER BY created_at`),
  );
  return {
    exported_at: new Date().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      full_name: user.fullName,
      phone_number: user.phoneNumber,
      is_editor: user.isEditor,
      is_superuser: user.isSuperuser,
      member_since: user.createdAt.toISOString(),
      updated_at: user.updatedAt.toISOString(),
    },
    orders: orders.map((o) => ({
      // The reference the buyer knows from the success page, the e-mail and the PDF.
      order_reference: orderReference(String(o.unique_id)),
      package: String(o.title),
      status: String(o.status),
      selected_date: str(o.selected_date),
      slot_starts_at: iso(o.starts_at),
      adults: Number(o.adult_count),
      youths: Number(o.youth_count),
      infants: Number(o.infant_count),
      adult_price: euros(o.adult_price_cents),
      youth_price: euros(o.youth_price_cents),
      total_price: euros(o.total_cents),
      currency: String(o.currency),
      created_at: iso(o.created_at)!,
      paid_at: iso(o.paid_at),
      claimed_at: iso(o.claimed_at),
      refunded_at: iso(o.refunded_at),
      refund_reason: str(o.refund_reason),
      invoice_request: o.invoice_request ?? null,
    })),
    invoices: invoices.map((i) => ({
      kind: i.kind,
      number: invoiceNumberText(Number(i.year), Number(i.number)),
      date: String(i.issue_date),
      order_reference: orderReference(String(i.unique_id)),
      seller: { legal_name: String(i.seller.legal_name), vat_number: String(i.seller.vat_number) },
      billing_details: i.buyer,
      taxable: centsToDecimal(Number(i.taxable_cents)),
      tax: centsToDecimal(Number(i.tax_cents)),
      total: centsToDecimal(Number(i.total_cents)),
    })),
    activity: activity.slice(0, EXPORT_MAX_ACTIVITY_EVENTS).map((e) => ({
      occurred_at: iso(e.occurred_at)!,
      action: String(e.action),
      page: str(e.page),
      full_url: str(e.full_url),
      ip_address: str(e.ip_address),
      country: str(e.country),
      city: str(e.city),
      region: str(e.region),
      user_agent: str(e.user_agent),
      screen_resolution: str(e.screen_resolution),
      device: str(e.device),
      details: e.details ?? null,
    })),
    activity_truncated: activity.length > EXPORT_MAX_ACTIVITY_EVENTS,
    newsletter: { subscribed: Boolean(newsletter), since: iso(newsletter?.created_at) },
    sign_ins: signIns.map((r) => ({
      started_at: iso(r.family_started_at)!,
      issued_at: iso(r.created_at)!,
      expires_at: iso(r.expires_at)!,
      used_at: iso(r.used_at),
      revoked_at: iso(r.revoked_at),
    })),
    password_reset: reset
      ? {
          requested_at: iso(reset.updated_at)!,
          expires_at: iso(reset.expires_at),
          failed_attempts: Number(reset.failed_attempts),
          locked_until: iso(reset.locked_until),
        }
      : null,
    email_changes: emailChanges.map((c) => ({
      old_email: String(c.old_email),
      new_email: String(c.new_email),
      changed_at: iso(c.created_at)!,
      undo_expires_at: iso(c.expires_at)!,
      undo_used_at: iso(c.used_at),
    })),
  };
}

/**
 * Erases the account's personal data in one transaction (see the top of this file). The caller
 * tells the session cache (`tokens.userChanged`) so every instance forgets it at once.
 */
export async function deleteAccount(db: Db, user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
  const email = user.email;
  const placeholder = `deleted-${randomUUID()}@${DELETED_EMAIL_DOMAIN}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE users SET email = ${placeholder}, full_name = ${DELETED_ACCOUNT_NAME}, phone_number = '',
        password_hash = '!deleted', is_editor = false, is_superuser = false, second_factor_at = NULL,
        tokens_valid_after = now() + interval '1 millisecond', deleted_at = now(), updated_at = now()
      WHERE id = ${user.id}`);
    await tx.execute(sql`DELETE FROM refresh_tokens WHERE user_id = ${user.id}`);
    await tx.execute(sql`DELETE FROM password_resets WHERE user_id = ${user.id}`);
    await tx.execute(sql`DELETE FROM email_change_undos WHERE user_id = ${user.id}`);
    // The authenticator's secret and recovery codes (decision 051).
    await tx.execute(sql`DELETE FROM second_factors WHERE user_id = ${user.id}`);
    await tx.execute(sql`DELETE FROM recovery_codes WHERE user_id = ${user.id}`);
    // Orders stay for accounting: package, amounts, dates and state; nothing that names the buyer (the
    // billing details given at checkout go too; an issued invoice keeps its own for the legal term).
    await tx.execute(
      sql`UPDATE orders SET contact = NULL, notes = NULL, invoice_request = NULL WHERE user_id = ${user.id}`,
    );
    await tx.execute(sql`
      UPDATE activity_events SET user_id = NULL, user_email = NULL, ip_address = NULL, city = NULL,
        region = NULL, details = CASE WHEN jsonb_typeof(details) = 'object' THEN details - 'email' ELSE details END
      WHERE user_id = ${user.id} OR user_email = ${email}`);
    await tx.execute(sql`DELETE FROM newsletter_subscriptions WHERE email = ${email}`);
    await tx.execute(sql`DELETE FROM mail_outbox WHERE "to" = ${email}`);
    // Stripe's events as received (kept for their ids: each is processed once) carry the buyer's address.
    await tx.execute(sql`
      UPDATE payment_events SET payload = NULL
      WHERE payload IS NOT NULL AND position(${email} in lower(payload::text)) > 0`);
    // Limits keyed by the address (sign-in counters, known addresses): '<kind>:<email>', '<kind>:<ip>|<email>'.
    await tx.execute(sql`
      DELETE FROM rate_limits
      WHERE right(key, ${email.length + 1}) IN (${`:${email}`}, ${`|${email}`})`);
  });
}
