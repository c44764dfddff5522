/**
 * The one door from the ticket page to checkout (spec §4 Checkout): a loading overlay shows, the
 * server prices the order and opens a hosted checkout session, and the visitor is sent there. A 401
 * sends them to /login/ first, remembering the ticket page.
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { InvoiceRequest, Package, PriceCategoryKey } from '@rome/contract';
import { frameChoiceFromQuery, pagePath, TICKET_FRAME_FORM_ID } from '@rome/contract';
import { ApiError, call, errorMessage, tokenStore } from '../../api/client';
import { pageLocale, specPathname } from '../../i18n/locale';
import { readSignInState, type SignInState, type TicketSelection } from '../../lib/signInState';
import toast from '../../lib/toast';
import { track } from '../../lib/track';

export type CheckoutChoice = {
  pkg: Package;
  /** 'YYYY-MM-DD', or null for an open-dated package. */
  date: string | null;
  adults: number;
  youths: number;
  /** Children 0-5 travel free and need no ticket; the count sent is 0 (spec §9). */
  infants: number;
  /** The price categories' counts beside adult and youth (decision 070); absent or empty: none. */
  extras?: Partial<Record<PriceCategoryKey, number>>;
  /** The chosen time of a package sold in slots (inventory); absent otherwise. */
  slotId?: string | null;
  /** A promo code the page checked (decision 050); the server prices it again. */
  promoCode?: string | null;
  /** A gift card's code (decision 053); the server takes its part again under the card's lock. */
  giftCardCode?: string | null;
  /** The buyer asks for one reminder if they do not pay (decision 065). */
  remindMe?: boolean;
  /** A waiting-list offer's token (decision 063): the places it holds are this checkout's. */
  waitlistToken?: string | null;
  /** 'I need an invoice' (decision 069): the billing details; the server issues it with the payment. */
  invoice?: InvoiceRequest | null;
  /** A combo (decision 071): the chosen time of each part sold in times, by the part's package tag. */
  comboSlots?: Record<string, string>;
};

function showOverlay(): () => void {
  const overlay = document.createElement('div');
  overlay.setAttribute('role', 'status');
  overlay.setAttribute('aria-live', 'assertive');
  overlay.className =
    'fixed inset-0 z-[100] flex flex-col items-center justify-center gap-4 bg-stone-900/70 text-white';
  overlay.innerHTML =
    '<div class="h-12 w-12 animate-spin rounded-full border-4 border-white/30 border-t-white" aria-hidden="true"></div><p class="text-lg font-semibold"></p>';
  // As text, not markup: a translation is never parsed as HTML.
  overlay.querySelector('p')!.textContent = i18n._(msg`Redirecting to secure payment...`);
  document.body.append(overlay);
  return () => overlay.remove();
}

/**
 * Goes to /login/ inside the app, remembering the ticket page. The caller's (the booking panel's
 * router navigation): importing the router here would make the app's entry chunk a dynamic dependency
 * of this page, and with it a second download of the inlined main stylesheet.
 */
export type GoToLogin = (to: string, options: { state: SignInState }) => unknown;

/**
 * To the sign-in page, told why, and back to this ticket with the same date, time and counts
 * (BookingPanel reads them back with restoredSelection).
 */
export async function goToSignIn(choice: CheckoutChoice, navigate: GoToLogin): Promise<void> {
  await navigate(pagePath('/login', {}, { slash: true }), {
    state: {
      from: `${specPathname()}${window.location.search}`,
      reason: 'checkout',
      selection: {
        date: choice.date ?? '',
        adults: choice.adults,
        youths: choice.youths,
        ...(choice.slotId ? { slotId: choice.slotId } : {}),
      },
    },
  });
}

/**
 * Spec §3 Checkout payload, as multipart fields. The server ignores title, description and image for
 * pricing: prices always come from the database. Also the booking widget's form (decision 060).
 */
export function checkoutForm(choice: CheckoutChoice): FormData {
  const form = new FormData();
  form.append('title', choice.pkg.title);
  form.append('description', choice.pkg.type);
  form.append('image', String(choice.pkg.thumbnail_large ?? choice.pkg.image_big ?? ''));
  form.append('date', choice.date ?? '');
  form.append('adult_count', String(choice.adults));
  form.append('youth_count', String(choice.youths));
  form.append('infant_count', String(choice.infants));
  // Beside the spec's fields (decision 070): the categories' counts as one JSON field, priced by the server.
  if (choice.extras && Object.keys(choice.extras).length > 0)
    form.append('extra_counts', JSON.stringify(choice.extras));
  form.append('package_id', String(choice.pkg.id));
  form.append('package_identifier', choice.pkg.package_tag);
  if (choice.slotId) form.append('slot_id', choice.slotId);
  if (choice.comboSlots) form.append('combo_slots', JSON.stringify(choice.comboSlots));
  if (choice.promoCode) form.append('promo_code', choice.promoCode);
  if (choice.giftCardCode) form.append('gift_card_code', choice.giftCardCode);
  if (choice.remindMe) form.append('remind_me', 'true');
  if (choice.waitlistToken) form.append('waitlist_token', choice.waitlistToken);
  // One field for the billing details (a form's fields are flat): their JSON, judged by the server.
  if (choice.invoice) form.append('invoice', JSON.stringify(choice.invoice));
  // Beside the spec's fields: the order keeps the page's language for its e-mails (decision 024).
  form.append('language', pageLocale);
  return form;
}

/**
 * `onRefused` receives the server's refusal (e.g. 'Only 3 places left for this time.', 'Sold out') so
 * the page can show it beside the choice and refresh the times; without it the refusal is a toast.
 * `guestEmail`: a visitor who is not signed in buys as a guest, the ticket going to that address
 * (decision 035); without it, and not signed in, they are sent to sign in.
 */
export async function startCheckout(
  choice: CheckoutChoice,
  navigate: GoToLogin,
  onRefused?: (message: string) => void,
  guestEmail?: string,
): Promise<void> {
  const goToLogin = () => goToSignIn(choice, navigate);
  const signedIn = tokenStore.signedIn();
  if (!signedIn && !guestEmail) return goToLogin();
  const form = checkoutForm(choice);
  const hide = showOverlay();
  try {
    if (!signedIn && guestEmail) form.append('email', guestEmail);
    const session = signedIn
      ? await call('POST /api/create-checkout-session/', { body: form })
      : await call('POST /api/guest-checkout-session/', { body: form });
    // Informational: the server records the initiation itself when it creates the session.
    track(
      'payment_initiated',
      { package_tag: choice.pkg.package_tag, adults: choice.adults, youths: choice.youths },
      { now: true },
    );
    window.location.assign(session.url);
  } catch (err) {
    hide();
    if (err instanceof ApiError && err.status === 401) return goToLogin();
    const message = errorMessage(err, i18n._(msg`Something went wrong! Please try again.`));
    if (onRefused && err instanceof ApiError && err.status < 500) onRefused(message);
    else toast.error(message);
  }
}

/**
 * The ticket choice a guest made before signing in (location state set by the sign-in page on its way
 * back), else the one made in the page's HTML booking form before the app came (`frameSelection`), else
 * the empty start of spec §4: counts 0, no date. A date the package no longer offers is dropped.
 */
export function restoredSelection(state: unknown, pkg: Pick<Package, 'dates'>): TicketSelection {
  const sel = readSignInState(state).selection;
  if (!sel) return frameSelection(pkg);
  // A time is kept with its day only (the panel drops it if the day no longer offers it).
  return pkg.dates.includes(sel.date) ? sel : { date: '', adults: sel.adults, youths: sel.youths };
}

/**
 * The choice made in the HTML's booking form before the app's code had come (decision 043): read from the
 * form while it is still on the page (the app's first render replaces it), else from the page's query,
 * where the form puts it when it was sent before the app came. Nothing chosen: the empty start.
 */
export function frameSelection(pkg: Pick<Package, 'dates'>): TicketSelection {
  const form = document.getElementById(TICKET_FRAME_FORM_ID);
  const values =
    form instanceof HTMLFormElement ? new FormData(form) : new URLSearchParams(window.location.search);
  return frameChoiceFromQuery(
    {
      get: (name) => {
        const value = values.get(name);
        return typeof value === 'string' ? value : null;
      },
    },
    pkg.dates,
  );
}
