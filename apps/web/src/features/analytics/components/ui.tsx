/**
 * Small shared pieces of the dashboard: spinner, location cell with flag, status badge, user cell, the
 * revoke confirmation.
 */
import { useEffect, useRef } from 'react';
import { flagSrc, statusTone } from '../format';

/**
 * Revoking a reseller key or an agent's device asks first: the question, Revoke and Keep. The
 * confirmation takes the place of the button that opened it, so the focus goes to Keep (a stray Enter
 * keeps the secret working).
 */
export function RevokeConfirm({
  question,
  onRevoke,
  onKeep,
  pending,
  className = '',
  action = 'Revoke',
}: {
  question: string;
  /** The button that does it ('Revoke', 'Delete'). */
  action?: string;
  onRevoke: () => void;
  onKeep: () => void;
  pending: boolean;
  className?: string;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    keep.current?.focus();
  }, []);
  return (
    <span className={`flex items-center gap-2 ${className}`}>
      <span className="text-sm text-stone-700">{question}</span>
      <button
        type="button"
        onClick={onRevoke}
        disabled={pending}
        className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white"
      >
        {action}
      </button>
      <button
        ref={keep}
        type="button"
        onClick={onKeep}
        className="rounded-lg px-3 py-1.5 text-sm font-semibold text-stone-700 ring-1 ring-stone-300"
      >
        Keep
      </button>
    </span>
  );
}

/** Spec §2: a spinner shows while loading. */
export function LoadingSpinner({
  label = 'Loading...',
  className = 'py-16',
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div role="status" className={`flex flex-col items-center justify-center gap-3 ${className}`}>
      <div
        className="h-10 w-10 animate-spin rounded-full border-4 border-stone-200 border-t-brand"
        aria-hidden="true"
      />
      <span className="text-sm text-stone-600">{label}</span>
    </div>
  );
}

/** Spec §2 Location: flag (24x18, shipped with the app), city, country; nothing for a missing code. */
export function LocationCell({
  country,
  countryCode,
  city,
}: {
  country: string | null;
  countryCode: string | null;
  city: string | null;
}) {
  const src = flagSrc(countryCode);
  const text = [city, country].filter(Boolean).join(', ');
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      {src && (
        <img
          src={src}
          width={24}
          height={18}
          alt={country ?? countryCode ?? ''}
          loading="lazy"
          className="h-[18px] w-6 shrink-0 rounded-sm object-cover ring-1 ring-stone-200"
        />
      )}
      <span>{text || <span className="text-stone-500">Unknown</span>}</span>
    </span>
  );
}

/** Spec §2: user shown as 'Anonymous' when empty. */
export function UserCell({ user }: { user: string }) {
  return user ? (
    <span className="whitespace-nowrap max-sm:whitespace-normal max-sm:break-all">{user}</span>
  ) : (
    <span className="text-stone-600">Anonymous</span>
  );
}

const TONES = {
  completed: 'bg-green-100 text-green-800 ring-green-300',
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  failed: 'bg-red-100 text-red-800 ring-red-300',
} as const;

/** Spec §2: completed green, pending yellow, anything else red. No status (visits, views): a dash. */
export function StatusBadge({ status }: { status: string | null }) {
  if (!status) return <span className="text-stone-500">—</span>;
  const tone = statusTone(status);
  return (
    <span
      data-testid="status-badge"
      data-tone={tone}
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ${TONES[tone]}`}
    >
      {status}
    </span>
  );
}

/** The shared scrolling table (components/ScrollTable.tsx), here for the dashboard's imports. */
export { ScrollTable } from '../../../components/ScrollTable';

export const thClass =
  'whitespace-nowrap border-b border-stone-200 bg-stone-50 px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-stone-600';
export const tdClass = 'border-b border-stone-100 px-4 py-3 align-top text-sm text-stone-800';

// On a phone a table stacks: one block a row, each cell under its column's name (drawn by CSS from
// data-label, so the cell's text stays its own; the headers stay in the table for screen readers).
export const stackTable = 'min-w-full max-sm:block';
export const stackHead = 'max-sm:sr-only';
export const stackBody = 'max-sm:block';
export const stackRow =
  'max-sm:block max-sm:border-b max-sm:border-stone-200 max-sm:py-2 max-sm:last:border-b-0';
export const stackCell =
  'max-sm:block max-sm:border-b-0 max-sm:py-1 max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-stone-600 max-sm:before:content-[attr(data-label)]';

/** A table cell that names its column when the table stacks (phones). */
export function Td({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <td data-label={label} className={`${tdClass} ${stackCell} ${className}`}>
      {children}
    </td>
  );
}

/** A panel's headline figures, each a label over its value (gift cards, waiting lists). */
export function Figures({
  figures,
  testId,
  columns = 'sm:grid-cols-5',
}: {
  figures: readonly (readonly [string, string | number])[];
  testId: string;
  columns?: string;
}) {
  return (
    <dl className={`mt-4 grid grid-cols-2 gap-4 ${columns}`} data-testid={testId}>
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200">
          <dt className="text-xs text-stone-600">{label}</dt>
          <dd className="text-lg font-bold tabular-nums text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
