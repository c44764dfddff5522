import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { MESSAGES, TICKET_TYPES } from '@rome/contract';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from './Icon';
import { TicketTypeIcon } from './TicketTypeIcon';

/** Where a search for a ticket type goes (spec §2 route table). */
export const searchPath = (ticketType: string) => `/search?ticketType=${encodeURIComponent(ticketType)}`;

/**
 * Spec §2 Home: the ticket-type search. Real radio inputs (one type at a time) drawn as chips with
 * their icon (an SVG drawing in place of the spec's emoji, which needs an emoji font); Search without a choice shows the spec's message, and choosing a type clears it.
 */
export function TicketTypeSearch({
  initial = '',
  legend,
}: {
  initial?: string;
  /** In the page's language; 'Choose your ticket type' when absent. */
  legend?: string;
}) {
  const { t } = useLingui();
  const [value, setValue] = useState(
    () => TICKET_TYPES.find((t) => t.value === initial.toLowerCase())?.value ?? '',
  );
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const name = useId();
  const errorId = useId();

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!value) {
      setError(MESSAGES.selectTicketType);
      return;
    }
    navigate(searchPath(value));
  }

  return (
    <search aria-label={t`Search tickets by type`}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset aria-describedby={error ? errorId : undefined}>
          <legend className="mb-3 text-base font-bold text-stone-900">
            {legend ?? t`Choose your ticket type`}
          </legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {TICKET_TYPES.map((type) => (
              <label
                key={type.value}
                className="flex cursor-pointer items-center gap-2 rounded-full border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-800 transition-colors select-none hover:border-brand hover:bg-red-50 has-checked:border-brand has-checked:bg-brand has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600"
              >
                <input
                  type="radio"
                  name={name}
                  value={type.value}
                  checked={value === type.value}
                  onChange={() => {
                    setValue(type.value);
                    setError(null);
                  }}
                  className="sr-only"
                />
                <TicketTypeIcon type={type.value} className="h-5 w-5 shrink-0" />
                <span>{i18n._(type.label)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
          <button
            type="submit"
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-accent px-6 py-3 text-base font-extrabold text-stone-900 shadow-sm transition-colors hover:bg-accent-dark"
          >
            <SearchIcon />
            <Trans>Search</Trans>
          </button>
          <p id={errorId} role="alert" className="text-sm font-semibold text-red-700">
            {error && i18n._(error)}
          </p>
        </div>
      </form>
    </search>
  );
}
