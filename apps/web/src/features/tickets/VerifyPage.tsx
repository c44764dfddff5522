/**
 * Spec §2 Agent claim page: the ticket's information and a form with the agent's name (from
 * agent_list) and security code. An already claimed ticket shows 'Ticket Already Claimed' with an
 * EXPIRED badge and the server's message; a claim that has just succeeded shows success instead.
 * The ticket's day is shown large, with a warning when it is not today in Rome: agents claim tickets
 * at the stop, and a ticket for another day must not pass unnoticed. A claimed ticket is judged by its
 * claim alone (its day no longer matters). A desk tool: the page sits in its own frame, without the
 * storefront's navigation, newsletter and footer.
 */
import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  AGENT_CODE_LENGTH,
  ALREADY_CLAIMED_MESSAGES,
  type ClaimInfo,
  claimDayWarning,
  DEFAULT_LOCALE,
  ERROR_CODES,
  formatEuroDecimal,
  formatRomeDate,
  formatRomeDateTime,
  romeToday,
  TICKET_PANEL_WORDS,
  ticketDayStatus,
  WRONG_DAY_MESSAGE,
} from '@rome/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, errorMessage, serverWords } from '../../api/client';
import { claimInfoQuery, claimTicket } from '../../api/tickets';
import { PageFrame } from '../../components/PageFrame';
import { pageLocale } from '../../i18n/locale';
import { extraTicketRows } from './extra-tickets';

/** 'Mon, 23 Nov 2026' (a Rome calendar day), in the page's language. */
const formatDay = (day: string) => formatRomeDate(day, pageLocale);

/**
 * The server's message about the ticket in the page's language: a ticket claimed before is written
 * again from when and by whom (contract claim.ts), in the page's date words; English pages show the
 * server's message as it came (spec §4).
 */
function claimMessage(info: ClaimInfo): string {
  if (pageLocale === DEFAULT_LOCALE || !info.claimed || !info.claimed_at) return serverWords(info.msg);
  const when = formatRomeDateTime(info.claimed_at, pageLocale);
  return info.claimed_by
    ? i18n._(ALREADY_CLAIMED_MESSAGES.by, { when, by: info.claimed_by })
    : i18n._(ALREADY_CLAIMED_MESSAGES.nobody, { when });
}

/** A refused claim in the page's language; a ticket for another day names its day in the page's words. */
function refusal(err: unknown, day: string | null, fallback: string): string {
  if (
    pageLocale !== DEFAULT_LOCALE &&
    day &&
    err instanceof ApiError &&
    err.body?.code === ERROR_CODES.wrongDate
  )
    return i18n._(WRONG_DAY_MESSAGE, { day: formatDay(day) });
  return errorMessage(err, fallback);
}

export default function VerifyPage() {
  const { t } = useLingui();
  const { code = '' } = useParams();
  const queryClient = useQueryClient();
  const query = useQuery(claimInfoQuery(code));
  const [agent, setAgent] = useState('');
  const [securityCode, setSecurityCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const claimButton = useRef<HTMLButtonElement>(null);
  // A claim that succeeded replaces the form, so on a phone the page grows shorter above the agent's
  // thumb: the result is brought to where they look, and a screen reader reads it from its title.
  const result = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!done) return;
    result.current?.focus({ preventScroll: true });
    result.current?.scrollIntoView({ block: 'center' });
  }, [done]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!agent) return setError(t`Please choose your agent name.`);
    if (!securityCode) return setError(t`Please enter your security code.`);
    setBusy(true);
    try {
      const r = await claimTicket(code, agent, securityCode);
      setDone(serverWords(r.msg));
      setSecurityCode('');
      await queryClient.invalidateQueries({ queryKey: ['claim-info', code] });
    } catch (err) {
      const day = query.data?.data?.selected_date ?? null;
      setError(refusal(err, day, t`Something went wrong! Please try again.`));
      // A refused code is typed again from the start: the field is emptied and gets the focus back
      // (it left at 4 characters), so the agent does not have to find and clear it first.
      setSecurityCode('');
      codeInput.current?.focus();
      if (err instanceof ApiError && err.status === 409)
        await queryClient.invalidateQueries({ queryKey: ['claim-info', code] });
    } finally {
      setBusy(false);
    }
  };

  if (query.isPending) {
    return (
      <DeskFrame>
        <p className="py-12 text-center" role="status">
          <Trans>Loading ticket...</Trans>
        </p>
      </DeskFrame>
    );
  }
  if (query.isError || !query.data?.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <DeskFrame>
        <div className="py-12 text-center">
          <h1 className="text-2xl font-bold text-stone-900">
            {notFound ? t`Ticket not found` : t`Failed to load data. Please try again later.`}
          </h1>
          <p className="mt-3 text-stone-700">
            <Trans>Check that the whole QR code was scanned.</Trans>
          </p>
        </div>
      </DeskFrame>
    );
  }
  const info = query.data;
  const d = info.data!;
  const rows: [string, string][] = [
    [t`Package`, d.package],
    [t`User`, d.user],
    [t`Total price`, formatEuroDecimal(d.total_price, pageLocale)],
    [t`Paid`, d.paid ? t`Yes` : t`No`],
    [t`Package tag`, d.package_tag],
    [i18n._(TICKET_PANEL_WORDS.adults), String(d.adults)],
    [i18n._(TICKET_PANEL_WORDS.youths), String(d.youths)],
    [t`Infants`, String(d.infants)],
    // Beside the spec's rows (decision 070): each price category and the proof to check.
    ...extraTicketRows(d.extra_tickets, { counts: true }),
    [t`Selected date`, d.selected_date ? formatDay(d.selected_date) : t`Open date`],
  ];
  const today = romeToday();
  const dayStatus = ticketDayStatus(d.selected_date, today);
  const warning = claimDayWarning(info.claimed || done !== null, d.selected_date, today);

  return (
    <DeskFrame>
      <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-stone-200">
        {done ? (
          // This agent's claim just succeeded: a success, not the EXPIRED state of spec §4, which is
          // for a ticket someone had claimed before the page was opened.
          <div className="text-center">
            <span className="inline-block rounded-full bg-green-700 px-3 py-1 text-xs font-bold tracking-wider text-white">
              <Trans>CLAIMED</Trans>
            </span>
            <h1 ref={result} tabIndex={-1} className="mt-3 text-2xl font-bold text-stone-900 outline-none">
              <Trans>Ticket Claimed</Trans>
            </h1>
            <p className="mt-2 text-stone-700" role="status">
              {done}
            </p>
          </div>
        ) : info.claimed ? (
          <div className="text-center">
            <span className="inline-block rounded-full bg-red-700 px-3 py-1 text-xs font-bold tracking-wider text-white">
              <Trans>EXPIRED</Trans>
            </span>
            <h1 className="mt-3 text-2xl font-bold text-stone-900">
              <Trans>Ticket Already Claimed</Trans>
            </h1>
            <p className="mt-2 text-stone-700">{claimMessage(info)}</p>
          </div>
        ) : (
          <h1 className="text-2xl font-bold text-stone-900">
            <Trans>Ticket Verification</Trans>
          </h1>
        )}
        <div data-testid="ticket-day" className="mt-5 rounded-xl bg-stone-100 px-4 py-3 text-center">
          <p className="text-sm font-medium text-stone-600">
            <Trans>Ticket date</Trans>
          </p>
          <p className="text-2xl font-extrabold text-stone-900">
            {d.selected_date ? formatDay(d.selected_date) : t`Open date`}
          </p>
          {/* A timed ticket (inventory): its slot's Rome time, as large as the day. */}
          {d.time && (
            <p data-testid="ticket-time" className="text-xl font-bold text-stone-900">
              {d.time}{' '}
              <span className="text-sm font-medium text-stone-600">
                <Trans>Rome time</Trans>
              </span>
            </p>
          )}
          {dayStatus === 'today' && (
            <p className="text-sm font-semibold text-green-800">
              <Trans>Today</Trans>
            </p>
          )}
        </div>
        {warning && (
          <p
            data-testid="ticket-day-warning"
            className="mt-3 rounded-xl bg-amber-100 px-4 py-3 font-semibold text-amber-950 ring-1 ring-amber-300"
          >
            {warning === 'future'
              ? t`Not valid yet: this ticket is for ${formatDay(d.selected_date!)}. Today in Rome is ${formatDay(today)}.`
              : t`Date passed: this ticket was for ${formatDay(d.selected_date!)}. Today in Rome is ${formatDay(today)}.`}
          </p>
        )}
        <dl className="mt-6 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-stone-600">{k}</dt>
              <dd className="font-medium text-stone-900">{v}</dd>
            </div>
          ))}
        </dl>
        {!info.claimed && !done && (
          <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
            <div>
              <label htmlFor="agent" className="block text-sm font-medium text-stone-800">
                <Trans>Agent name</Trans>
              </label>
              <select
                id="agent"
                value={agent}
                onChange={(e) => setAgent(e.target.value)}
                required
                className="mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2"
              >
                <option value="">{t`Choose your name`}</option>
                {info.agent_list.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="security-code" className="block text-sm font-medium text-stone-800">
                <Trans>Security code</Trans>
              </label>
              <input
                id="security-code"
                ref={codeInput}
                type="password"
                inputMode="numeric"
                autoComplete="off"
                required
                aria-describedby="security-code-hint"
                value={securityCode}
                onChange={(e) => {
                  setSecurityCode(e.target.value);
                  // Spec §5: focus leaves the code field once 4 or more characters are typed. It goes to
                  // the Claim button, so Enter (or Space) claims next; codes are exactly 4 digits
                  // (AGENT_CODE_LENGTH), so the whole code is in the field by then.
                  if (e.target.value.length >= AGENT_CODE_LENGTH) claimButton.current?.focus();
                }}
                className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2"
              />
              <p id="security-code-hint" className="mt-1 text-sm text-stone-600">
                <Trans>Your {AGENT_CODE_LENGTH}-digit code</Trans>
              </p>
            </div>
            {error && (
              <p role="alert" className="text-red-700">
                {error}
              </p>
            )}
            <button
              ref={claimButton}
              type="submit"
              disabled={busy}
              className="w-full rounded-lg bg-brand px-4 py-3 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
            >
              {busy ? t`Claiming...` : t`Claim Ticket`}
            </button>
          </form>
        )}
      </div>
    </DeskFrame>
  );
}

/** The claim page's frame: the shop's name and what the page is for. */
function DeskFrame({ children }: { children: ReactNode }) {
  return <PageFrame label={<Trans>Ticket check</Trans>}>{children}</PageFrame>;
}
