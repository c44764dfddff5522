/** The centred card every sign-in and reset screen sits in: brand header, close button to /. */
import { useLingui } from '@lingui/react/macro';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { CloseIcon, Icon } from './Icon';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <main className="flex min-h-[70vh] items-center justify-center bg-stone-100 px-4 py-10 sm:py-16">
      <section
        aria-labelledby="auth-title"
        className="w-full max-w-md overflow-hidden rounded-2xl bg-white shadow-xl ring-1 ring-stone-200"
      >
        <header className="relative bg-brand px-6 pt-7 pb-6 text-white sm:px-8">
          <Link
            to="/"
            aria-label={t`Close`}
            className="absolute top-3 right-3 inline-flex h-9 w-9 items-center justify-center rounded-full text-white/90 hover:bg-white/15 hover:text-white"
          >
            <CloseIcon />
          </Link>
          <span aria-hidden="true" className="mb-3 block h-1 w-10 rounded-full bg-accent" />
          <h1 id="auth-title" className="pr-8 text-2xl font-bold tracking-tight">
            {title}
          </h1>
          {subtitle ? <p className="mt-1 text-sm text-white/90">{subtitle}</p> : null}
        </header>
        <div className="px-6 py-6 sm:px-8 sm:py-7">{children}</div>
      </section>
    </main>
  );
}

/** Shared input look: visible border, clear focus, readable text. */
export const inputClass =
  'block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-stone-900 placeholder:text-stone-500 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 disabled:bg-stone-100 read-only:bg-stone-50';

export const labelClass = 'mb-1.5 block text-sm font-semibold text-stone-800';

export const primaryButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand px-4 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-70';

export const linkClass = 'font-semibold text-brand underline-offset-2 hover:underline';

/** A text field with its label. */
export function TextField({
  id,
  label,
  ...input
}: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} className={inputClass} {...input} />
    </div>
  );
}

/** The form's error line; always present so screen readers announce a new message. */
export function FormError({ message, id }: { message: string | null; id?: string }) {
  return (
    <div id={id} role="alert" aria-live="assertive" className={message ? 'mb-4' : undefined}>
      {message ? (
        <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** A form's submit button: while `busy`, disabled, with a spinner and what it is doing. */
export function SubmitButton({
  busy,
  busyLabel,
  label,
  disabled = false,
  className,
}: {
  busy: boolean;
  busyLabel: string;
  label: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      className={className ? `${primaryButtonClass} ${className}` : primaryButtonClass}
    >
      {busy ? (
        <>
          <Spinner /> {busyLabel}
        </>
      ) : (
        label
      )}
    </button>
  );
}

export function Spinner({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <Icon className={`animate-spin ${className}`} strokeWidth={3}>
      <circle cx="12" cy="12" r="10" opacity="0.25" />
      <path d="M22 12a10 10 0 0 0-10-10" />
    </Icon>
  );
}
