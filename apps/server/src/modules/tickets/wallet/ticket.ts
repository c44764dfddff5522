/**
 * What a wallet pass is made of: a plain view of one ticket (one order), whoever looked it up (the
 * signed-in buyer's history here, the ticket link page later). Nothing in this module reads the
 * database: the lookups give it a WalletTicket. A pass speaks the order's language (decision 024): one
 * language per pass, English when the ticket names none.
 */
import type { I18n } from '@lingui/core';
import {
  DEFAULT_LOCALE,
  formatRomeDate,
  formatRomeDateTime,
  type Locale,
  type OrderStatus,
  orderReference,
  romeInstant,
  romeParts,
} from '@rome/contract';
import { serverI18n } from '../../../i18n/catalog';
import { ticketCounts } from '../../../mail/ticket-mail';

export type WalletTicket = {
  /** The order's unique id: the pass's serial number and the Google object's id. */
  unique_id: string;
  package_title: string;
  /** The package's tag: one Google Wallet class per package. */
  package_tag: string;
  /** The operating company (the package's folder). */
  operator: string | null;
  /** The slot's start (ISO instant), for timed and day tickets with a slot. */
  starts_at: string | null;
  /** The Rome date the ticket is for (YYYY-MM-DD), when it has one and no slot. */
  selected_date: string | null;
  /** Rome time 'HH:MM' of the slot; derived from starts_at when absent. */
  time?: string | null;
  adults: number;
  youths: number;
  infants: number;
  /** Exactly what the ticket's QR encodes (the claim link an agent scans). */
  qr_payload: string;
  meeting_point: string | null;
  /** How the ticket is used ('Valid 24 hours from its first use ...'). */
  validity: string | null;
  status: OrderStatus;
  /** Scanned by an agent or a partner's gate. */
  claimed: boolean;
  /** The buyer's name, when the wallet should show it. */
  holder_name?: string | null;
  /** The order's language (its `validity` is already in it); English when absent. */
  locale?: Locale;
};

export const localeOf = (t: Pick<WalletTicket, 'locale'>): Locale => t.locale ?? DEFAULT_LOCALE;

/** The server's words in the ticket's language. */
export const wordsOf = (t: Pick<WalletTicket, 'locale'>): I18n => serverI18n(localeOf(t));

/** The Rome date and time of the visit: both for a slot, the date for a dated ticket, neither when open. */
export function visitParts(t: WalletTicket): { date: string | null; time: string | null } {
  if (t.starts_at) {
    const parts = romeParts(new Date(t.starts_at));
    return { date: formatRomeDate(parts.date, localeOf(t)), time: t.time ?? parts.time };
  }
  if (t.selected_date) return { date: formatRomeDate(t.selected_date, localeOf(t)), time: t.time ?? null };
  return { date: null, time: null };
}

/** 'Thu, 26 Nov 2026, 21:00', 'Thu, 26 Nov 2026' or 'Open-dated' (Rome time), in the ticket's language. */
export function visitText(t: WalletTicket): string {
  if (t.starts_at) return formatRomeDateTime(t.starts_at, localeOf(t));
  if (t.selected_date) return formatRomeDate(t.selected_date, localeOf(t));
  return wordsOf(t)._('Open-dated');
}

/** When the pass matters (the lock screen shows it then): the slot, or 08:00 Rome on a dated ticket's day. */
export function relevantInstant(t: WalletTicket): Date | null {
  if (t.starts_at) return new Date(t.starts_at);
  if (t.selected_date) return romeInstant(t.selected_date, '08:00');
  return null;
}

export function statusText(t: Pick<WalletTicket, 'status' | 'claimed' | 'locale'>): string {
  const i18n = wordsOf(t);
  if (t.status === 'refunded') return i18n._('Refunded');
  if (t.status !== 'paid') return i18n._('Not valid');
  return t.claimed ? i18n._('Used') : i18n._('Valid');
}

export const ticketsText = (t: WalletTicket): string =>
  ticketCounts(wordsOf(t), { adults: t.adults, youths: t.youths, infants: t.infants });

export const referenceOf = (t: WalletTicket): string => orderReference(t.unique_id);

/** The shop's name as wallets show it. */
export const SHOP_NAME = 'Rome Bus Tickets';
/** The shop's colours (the navigation bar's red, the bus's yellow). */
export const BRAND = { background: '#7f1d1d', foreground: '#ffffff', label: '#facc15' } as const;
