import { i18n } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  COMBO_MESSAGES,
  decimalToCents,
  extraPlaces,
  extraTotalCents,
  formatEuro,
  formatRomeDateTime,
  giftCardTakeCents,
  INVENTORY_MESSAGES,
  type InvoiceRequest,
  MESSAGES,
  orderTotalCents,
  type Package,
  PLACES_LEFT_MESSAGE,
  type PriceCategoryKey,
  placesFor,
  TICKET_PANEL_WORDS,
  usesSlots,
  WAITLIST_LEAVE_PARAM,
  WAITLIST_MAX_PLACES,
  WAITLIST_OFFER_PARAM,
  type WaitlistOffer,
} from '@rome/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { availabilityQuery } from '../../api/catalog';
import { call, errorMessage, tokenStore } from '../../api/client';
import { pageLocale } from '../../i18n/locale';
import { BookBar } from './BookBar';
import { ComboParts } from './ComboParts';
import { Counter } from './Counter';
import { type CheckoutChoice, goToSignIn, restoredSelection, startCheckout } from './checkout';
import { DateCalendar } from './DateCalendar';
import { ExtraCounters, type ExtraCounts } from './ExtraCounters';
import { shortEuro, stepCount } from './format';
import { type AppliedGiftCard, GiftCardCode, GiftCardLines } from './GiftCardCode';
import { CancellationLine } from './PackageFacts';
import { type AppliedPromo, DiscountLine, PromoCode } from './PromoCode';
import { SlotTimes } from './SlotTimes';
import { chosenSlot, dayMarks, fitCounts, showSlots, slotRange, withOffer } from './slots';
import type { WidgetCheckout } from './widgetCheckout';

/** The waiting list's form, loaded when a chosen day has a sold-out time (decision 063). */
const WaitingList = lazy(() => import('./WaitingList'));
/** 'I need an invoice' (decision 069): its fields, loaded when the box is ticked. */
const CheckoutInvoice = lazy(() => import('./CheckoutInvoice'));

/** The contract's placesLeftMessage in the page's language: 'Only 3 places left for this time.' */
function placesLeft(left: number): string {
  if (left <= 0) return i18n._(INVENTORY_MESSAGES.soldOut);
  return i18n._(PLACES_LEFT_MESSAGE, { left });
}

/**
 * Date, ticket counts, total and Checkout (spec §2 Ticket details, §4 Checkout, §5 Ticket page).
 * Counts start at 0; Checkout stays disabled while the total is 0.
 *
 * Inventory: a package sold in slots (START_TIME, OPENING_HOURS) keeps the spec's date choice (the
 * server lists the Rome days that still have an open time in `dates`), then offers that day's times
 * with what is left; a day with one time has it chosen. A pass shows its rule. A package without an
 * availability kind is the spec's date choice, unchanged.
 */
export function BookingPanel({ pkg, widget }: { pkg: Package; widget?: WidgetCheckout }) {
  const { t } = useLingui();
  const timed = usesSlots(pkg.availability_type);
  const hasDates = pkg.dates.length > 0;
  const availability = useQuery({
    ...availabilityQuery(pkg.package_tag, slotRange(pkg.dates)),
    enabled: timed && hasDates,
  });
  const location = useLocation();
  // Back from signing in, the guest's choice is there again, its time too (checkout.ts).
  const [restored] = useState(() => restoredSelection(location.state, pkg));
  const [slotId, setSlotId] = useState<string | null>(restored.slotId ?? null);
  const [date, setDate] = useState(restored.date);
  const [adults, setAdults] = useState(restored.adults);
  const [youths, setYouths] = useState(restored.youths);
  // The price categories' counts beside adult and youth (decision 070); the server prices them again.
  const [extras, setExtras] = useState<ExtraCounts>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A combo's parts (decision 071): the time chosen for each part sold in times.
  const comboParts = pkg.combo_parts ?? [];
  const timedParts = comboParts.filter((p) => usesSlots(p.availability_type));
  const [comboSlots, setComboSlots] = useState<Record<string, string | null>>({});
  const chooseComboSlot = useCallback((tag: string, id: string | null) => {
    setComboSlots((s) => (s[tag] === id ? s : { ...s, [tag]: id }));
    // A time chosen answers the panel's 'Choose a time for each part of the combo.'
    if (id) setError(null);
  }, []);
  const comboMissing = timedParts.some((p) => !comboSlots[p.package_tag]);
  // A visitor who is not signed in buys as a guest with an e-mail address (decision 035).
  const [guestOpen, setGuestOpen] = useState(false);
  const [guestEmail, setGuestEmail] = useState('');
  // A promo code the server accepted for these counts (decision 050); the checkout prices it again.
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  // A gift card the server knows (decision 053): its part is taken again under its lock at checkout.
  const [giftCard, setGiftCard] = useState<AppliedGiftCard | null>(null);
  const [remindMe, setRemindMe] = useState(false);
  // The billing details of 'I need an invoice' (decision 069); null: no invoice asked for.
  const [invoiceWanted, setInvoiceWanted] = useState(false);
  const [invoice, setInvoice] = useState<InvoiceRequest | null>(null);
  const navigate = useNavigate();
  const uid = useId();
  const emailId = `${uid}-email`;
  const dateId = `${uid}-date`;
  const errorId = `${uid}-error`;
  const timesId = `${uid}-times`;
  const invoiceId = `${uid}-invoice`;
  const panel = useRef<HTMLElement>(null);

  // A waiting-list offer's link (decision 063): its time and places come back chosen, held for this
  // visitor alone; the leave link takes the address off the list.
  const [offer, setOffer] = useState<(WaitlistOffer & { token: string }) | null>(null);
  const [listNote, setListNote] = useState<{ ok: boolean; text: string } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is read once, when the page opens
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const offerToken = query.get(WAITLIST_OFFER_PARAM);
    const leaveToken = query.get(WAITLIST_LEAVE_PARAM);
    const failed = (err: unknown) =>
      setListNote({ ok: false, text: errorMessage(err, t`Something went wrong! Please try again.`) });
    if (offerToken)
      call('POST /api/waitlist/offer/', { body: { token: offerToken } }).then((o) => {
        setOffer({ ...o, token: offerToken });
        setDate(o.date);
        setSlotId(o.slot_id);
        setAdults(o.places);
        setYouths(0);
      }, failed);
    else if (leaveToken)
      call('POST /api/waitlist/leave/', { body: { token: leaveToken } }).then(
        (a) => setListNote({ ok: true, text: i18n._(a.message) }),
        failed,
      );
  }, []);

  const heldUntil = offer ? formatRomeDateTime(offer.expires_at, pageLocale) : '';

  const slots = useMemo(
    () =>
      availability.data
        ? withOffer(showSlots(availability.data.slots, availability.data.cutoff_minutes, new Date()), offer)
        : [],
    [availability.data, offer],
  );
  const marks = useMemo(() => dayMarks(slots), [slots]);
  const daySlots = useMemo(() => slots.filter((s) => s.romeDate === date), [slots, date]);
  const chosen = timed ? chosenSlot(daySlots, slotId) : null;

  const adultCents = decimalToCents(pkg.adult_price) ?? 0;
  const youthCents = decimalToCents(pkg.youth_price) ?? 0;
  // The categories this package sells, at its prices (the ticket page's one-package read).
  const categoryPrices = pkg.price_categories ?? [];
  const extraLines = categoryPrices
    .map(({ key, price }) => ({ key, count: extras[key] ?? 0, price_cents: decimalToCents(price) ?? 0 }))
    .filter((l) => l.count > 0);
  const subtotal =
    orderTotalCents({ adults, youths }, { adultCents, youthCents }) + extraTotalCents(extraLines);
  const total = promo && subtotal > 0 ? promo.totalCents : subtotal;
  const giftPart = giftCard && total > 0 ? giftCardTakeCents(giftCard.balanceCents, total) : 0;

  // The chosen time's places cap adults and youths (infants are sent as 0 from this panel, so they
  // take none even where infants_take_place): the visitor learns it here, not at Checkout. The
  // spec's packages keep their counters without an upper bound.
  const left = chosen ? chosen.remaining : null;
  const places =
    placesFor({ adults, youths, infants: 0 }, availability.data?.infants_take_place ?? false) +
    extraPlaces(extraLines);
  const full = left !== null && places >= left;
  const [trimmed, setTrimmed] = useState(false);
  // Another time with fewer places left: the counts come down to fit, and the panel says why.
  // Only when the time (or its places) changes: the counters themselves stop at the cap.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the counts are read, not followed
  useEffect(() => {
    const fit = fitCounts({ adults, youths }, left);
    if (fit.adults === adults && fit.youths === youths) return;
    setAdults(fit.adults);
    setYouths(fit.youths);
    setTrimmed(true);
  }, [left, chosen?.id]);
  const step = (set: typeof setAdults) => (s: 1 | -1) => {
    setTrimmed(false);
    if (s === 1 && full) return;
    set((n) => stepCount(n, s));
  };
  const capTime = chosen?.romeTime ?? '';
  const capNote =
    left === null || !(full || trimmed)
      ? null
      : left <= 0
        ? placesLeft(0)
        : plural(left, {
            one: `Only # place left at ${capTime}`,
            other: `Only # places left at ${capTime}`,
          });

  const choice = (): CheckoutChoice => ({
    pkg,
    date: hasDates ? date : null,
    adults,
    youths,
    infants: 0,
    extras: Object.fromEntries(extraLines.map((l) => [l.key, l.count])) as Partial<
      Record<PriceCategoryKey, number>
    >,
    slotId: chosen?.id ?? null,
    promoCode: promo?.code ?? null,
    giftCardCode: giftCard?.code ?? null,
    remindMe,
    invoice: invoiceWanted ? invoice : null,
    waitlistToken: offer && chosen?.id === offer.slot_id ? offer.token : null,
    comboSlots:
      timedParts.length > 0
        ? Object.fromEntries(timedParts.map((p) => [p.package_tag, comboSlots[p.package_tag] ?? '']))
        : undefined,
  });

  const checkout = async (email?: string) => {
    if (hasDates && !date) {
      setError(i18n._(MESSAGES.selectDateFirst));
      document.querySelector<HTMLButtonElement>(`[id="${dateId}"] button[data-date][tabindex="0"]`)?.focus();
      return;
    }
    if (timed && !chosen) {
      setError(i18n._(INVENTORY_MESSAGES.chooseTime));
      document.querySelector<HTMLButtonElement>(`[id="${timesId}"] button:not(:disabled)`)?.focus();
      return;
    }
    if (chosen && places > chosen.remaining) {
      setError(placesLeft(chosen.remaining));
      return;
    }
    if (comboMissing) {
      setError(i18n._(COMBO_MESSAGES.chooseTimes));
      panel.current?.querySelector<HTMLElement>('[data-testid="combo-parts"] button[data-date]')?.focus();
      return;
    }
    setError(null);
    // In a partner's booking widget every buyer is a guest here (no sign-in works in a third-party
    // frame, decision 060); the success page offers to keep the ticket in an account afterwards.
    if (!email && (widget || !tokenStore.signedIn())) {
      // No sign-in wall: the address the tickets go to is all a guest is asked for.
      setGuestOpen(true);
      requestAnimationFrame(() => document.getElementById(emailId)?.focus());
      return;
    }
    setBusy(true);
    if (widget && email) {
      // Called before any await: it opens the payment tab within the visitor's click.
      await widget(choice(), email, (message) => {
        setError(message);
        if (timed) void availability.refetch();
      }).finally(() => setBusy(false));
      return;
    }
    try {
      await startCheckout(
        choice(),
        navigate,
        // A refusal of a package with inventory ('Sold out', 'Only 3 places left for this time.')
        // shows here, and the times are asked for again; the spec's packages keep the toast.
        pkg.availability_type || promo || giftCard || invoiceWanted || comboParts.length > 0
          ? (message) => {
              setError(message);
              if (timed) void availability.refetch();
            }
          : undefined,
        email,
      );
    } finally {
      setBusy(false);
    }
  };

  // The phone's book bar: back to the panel's next step, or on to Checkout once the choice is complete.
  const book = () => {
    const next =
      hasDates && !date
        ? `[id="${dateId}"] button[data-date][tabindex="0"]`
        : timed && !chosen
          ? `[id="${timesId}"] button:not(:disabled)`
          : total === 0
            ? '[id="adults-increase"]'
            : guestOpen
              ? `[id="${emailId}"]`
              : null;
    if (!next) return void checkout();
    const el = panel.current?.querySelector<HTMLElement>(next) ?? panel.current;
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el?.focus({ preventScroll: true });
  };

  return (
    <>
      <section
        ref={panel}
        aria-labelledby={`${uid}-title`}
        className="scroll-mb-28 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 lg:sticky lg:top-4"
      >
        <h2 id={`${uid}-title`} className="text-lg font-bold text-stone-900">
          {i18n._(TICKET_PANEL_WORDS.book)}
        </h2>

        {pkg.availability_type === 'PASS' && pkg.pass_hours ? (
          <p
            className="mt-3 rounded-lg bg-sky-50 px-3 py-2 text-sm font-semibold text-sky-900"
            data-testid="pass-rule"
          >
            <Plural
              value={pkg.pass_hours}
              one="Valid # hour from first use"
              other="Valid # hours from first use"
            />
          </p>
        ) : null}

        {comboParts.length > 0 && (
          <ComboParts
            parts={comboParts}
            onChoose={chooseComboSlot}
            invalid={Boolean(error) && comboMissing}
            describedBy={error ? errorId : undefined}
          />
        )}

        {timed && !hasDates && (
          <p className="mt-4 rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-800">
            <Trans>No dates are available at the moment.</Trans>
          </p>
        )}

        {hasDates && (
          <DateCalendar
            id={dateId}
            dates={pkg.dates}
            value={date}
            onChange={(d) => {
              setDate(d);
              if (d !== date) setSlotId(null);
              setError(null);
            }}
            marks={marks}
            price={adultCents > 0 ? shortEuro(adultCents, pageLocale) : null}
            invalid={Boolean(error) && !date}
            describedBy={error ? errorId : undefined}
          />
        )}

        {timed && date && availability.isPending && (
          <p role="status" className="mt-4 text-sm text-stone-700">
            <Trans>Loading times...</Trans>
          </p>
        )}
        {timed && date && availability.isError && (
          <div className="mt-4 text-sm text-stone-800">
            <p role="alert">
              <Trans>Failed to load the available times.</Trans>
            </p>
            <button
              type="button"
              onClick={() => void availability.refetch()}
              className="mt-1 font-semibold text-brand underline underline-offset-4"
            >
              <Trans>Try again</Trans>
            </button>
          </div>
        )}
        {listNote && (
          <p
            role={listNote.ok ? 'status' : 'alert'}
            data-testid="waitlist-note"
            className={`mt-3 rounded-lg px-3 py-2 text-sm font-semibold ${
              listNote.ok ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-800'
            }`}
          >
            {listNote.text}
          </p>
        )}
        {offer && (
          <p
            role="status"
            data-testid="waitlist-offer"
            className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-900"
          >
            <Plural
              value={offer.places}
              one={`# place is held for you until ${heldUntil} (Rome time).`}
              other={`# places are held for you until ${heldUntil} (Rome time).`}
            />
          </p>
        )}
        {timed && date && availability.isSuccess && (
          <SlotTimes
            id={timesId}
            slots={daySlots}
            chosenId={chosen?.id ?? null}
            onChoose={(id) => {
              setSlotId(id);
              setError(null);
            }}
            describedBy={error ? errorId : undefined}
            invalid={Boolean(error) && !chosen}
            dayEntry={pkg.availability_type === 'OPENING_HOURS'}
          />
        )}
        {timed &&
          date &&
          availability.isSuccess &&
          !offer &&
          daySlots.some((s) => s.status === 'SOLD_OUT') && (
            <Suspense fallback={null}>
              <WaitingList
                key={date}
                soldOut={daySlots.filter((s) => s.status === 'SOLD_OUT')}
                places={Math.max(1, adults + youths)}
                maxPlaces={WAITLIST_MAX_PLACES}
              />
            </Suspense>
          )}

        <div className="mt-2 divide-y divide-stone-200">
          <Counter
            id="adults"
            label={i18n._(TICKET_PANEL_WORDS.adults)}
            ages={i18n._(TICKET_PANEL_WORDS.adultAges)}
            decreaseLabel={t`Decrease adults`}
            increaseLabel={t`Increase adults`}
            priceCents={adultCents}
            value={adults}
            atMost={full}
            onStep={step(setAdults)}
          />
          <Counter
            id="youths"
            label={i18n._(TICKET_PANEL_WORDS.youths)}
            ages={i18n._(TICKET_PANEL_WORDS.youthAges)}
            decreaseLabel={t`Decrease youths`}
            increaseLabel={t`Increase youths`}
            priceCents={youthCents}
            value={youths}
            atMost={full}
            onStep={step(setYouths)}
          />
        </div>
        {categoryPrices.length > 0 && (
          <ExtraCounters
            prices={categoryPrices}
            counts={extras}
            full={full}
            onChange={(next) => {
              setTrimmed(false);
              setExtras(next);
            }}
          />
        )}
        <p
          role="status"
          data-testid="places-cap"
          className={
            capNote ? 'mt-1 rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800' : 'sr-only'
          }
        >
          {capNote}
        </p>
        {/* Spec §1's rule is the bus operators' (children 0-5 ride free); a museum sets its own. */}
        {pkg.ticket_type === 'bus_tour' && (
          <p className="mt-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-stone-800">
            {i18n._(TICKET_PANEL_WORDS.childrenFree)}
          </p>
        )}

        <PromoCode
          packageTag={pkg.package_tag}
          adults={adults}
          youths={youths}
          extras={extras}
          applied={promo}
          onApplied={setPromo}
        />
        <GiftCardCode applied={giftCard} onApplied={setGiftCard} />
        {promo && subtotal > 0 && <DiscountLine promo={promo} />}

        <p
          aria-live="polite"
          aria-atomic="true"
          className={`${promo ? 'mt-1' : 'mt-4 border-t border-stone-200 pt-4'} flex items-baseline justify-between`}
        >
          <span className="font-semibold text-stone-900">
            <Trans>Total</Trans>
          </span>
          <span className="flex items-baseline gap-2">
            {promo && subtotal > 0 && (
              <s data-testid="order-subtotal" className="text-base text-stone-500">
                {formatEuro(subtotal, pageLocale)}
              </s>
            )}
            <span data-testid="order-total" className="text-2xl font-bold text-brand">
              {formatEuro(total, pageLocale)}
            </span>
          </span>
        </p>
        {giftPart > 0 && <GiftCardLines partCents={giftPart} toPayCents={total - giftPart} />}

        {/* Until when the chosen visit can be cancelled free of charge, in Rome time. */}
        <CancellationLine
          pkg={pkg}
          visit={{ startsAt: chosen?.starts_at ?? null, date: date || null }}
          className="mt-3 text-sm"
        />

        {/* Consent for the one reminder of an unpaid checkout (decision 065): never ticked for the buyer. */}
        {total > 0 && (
          <label className="mt-3 flex items-start gap-2 text-sm text-stone-700">
            <input
              type="checkbox"
              checked={remindMe}
              onChange={(e) => setRemindMe(e.target.checked)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
            />
            <Trans>E-mail me once if I do not finish paying, with my choice saved</Trans>
          </label>
        )}

        {total > 0 && (
          <label className="mt-3 flex items-start gap-2 text-sm text-stone-700">
            <input
              type="checkbox"
              checked={invoiceWanted}
              onChange={(e) => {
                setInvoiceWanted(e.target.checked);
                if (!e.target.checked) setInvoice(null);
              }}
              aria-controls={invoiceWanted ? invoiceId : undefined}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
            />
            <Trans>I need an invoice</Trans>
          </label>
        )}
        {total > 0 && invoiceWanted && (
          <Suspense fallback={null}>
            <CheckoutInvoice id={invoiceId} onChange={setInvoice} />
          </Suspense>
        )}

        <p id={errorId} role="alert" className="mt-2 min-h-5 text-sm font-semibold text-red-700">
          {error}
        </p>

        {guestOpen ? (
          <form
            aria-labelledby={`${uid}-guest`}
            className="mt-2 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200"
            onSubmit={(e) => {
              e.preventDefault();
              void checkout(guestEmail.trim());
            }}
          >
            <h3 id={`${uid}-guest`} className="font-bold text-stone-900">
              <Trans>Where should we send your tickets?</Trans>
            </h3>
            <p className="mt-1 text-sm text-stone-700">
              <Trans>No account needed: your tickets and a link to them arrive by e-mail.</Trans>
            </p>
            <label htmlFor={emailId} className="mt-3 block text-sm font-semibold text-stone-900">
              <Trans>E-mail address</Trans>
            </label>
            <input
              id={emailId}
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              maxLength={254}
              value={guestEmail}
              onChange={(e) => setGuestEmail(e.target.value)}
              className="mt-1 w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-stone-900"
            />
            <button
              type="submit"
              disabled={total === 0 || busy}
              className="mt-3 w-full rounded-xl bg-brand px-4 py-3 text-lg font-bold text-white transition hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700"
            >
              <Trans>Continue to payment</Trans>
            </button>
            {widget ? (
              <p className="mt-3 text-sm text-stone-700">
                <Trans>Secure payment opens in a new tab.</Trans>
              </p>
            ) : (
              <p className="mt-3 text-sm text-stone-700">
                <Trans>Have an account?</Trans>{' '}
                <button
                  type="button"
                  onClick={() => void goToSignIn(choice(), navigate)}
                  className="font-semibold text-brand underline underline-offset-4"
                >
                  <Trans>Sign in to pay</Trans>
                </button>
              </p>
            )}
          </form>
        ) : (
          <button
            type="button"
            onClick={() => void checkout()}
            disabled={total === 0 || busy}
            className="mt-2 w-full rounded-xl bg-brand px-4 py-3 text-lg font-bold text-white transition hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700"
          >
            {i18n._(TICKET_PANEL_WORDS.checkout)}
          </button>
        )}
      </section>
      {/* In a widget's frame a bar fixed to the bottom would sit at the frame's foot, off the screen. */}
      {!widget && (
        <BookBar
          panel={panel}
          amount={formatEuro(total > 0 ? total : adultCents, pageLocale)}
          isTotal={total > 0}
          onBook={book}
        />
      )}
    </>
  );
}
