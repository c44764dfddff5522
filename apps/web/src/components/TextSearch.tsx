import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { categoryPath, PACKAGE_CATEGORIES, SEARCH_TEXT_MAX } from '@rome/contract';
import { type ReactNode, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { appPath } from '../i18n/locale';
import { SearchIcon } from './Icon';

/**
 * The text search box (decision 039), beside the spec's ticket-type search: in the home hero, the
 * navigation bar and the results page. A plain GET form to `/search?q=` under the page's language
 * prefix, which the app turns into a navigation inside it. Not a `search` landmark: the page's one search landmark stays the
 * spec's ticket-type search. Kept small: it is in every page's first load.
 */
export function TextSearch({
  initial,
  showLabel,
  className = '',
  children,
}: {
  initial?: string;
  /** The label above the box (the hero, the results page); otherwise for screen readers only. */
  showLabel?: boolean;
  className?: string;
  /** Hidden fields that ride along (the results page's category and sort). */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const id = useId();
  return (
    <form
      action={appPath('/search')}
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        const params = new URLSearchParams();
        for (const [key, value] of new FormData(e.currentTarget)) {
          const text = String(value).trim();
          if (text) params.set(key, text);
        }
        // Nothing typed: nothing to find.
        if (params.has('q')) navigate(`/search?${params}`);
      }}
    >
      <label htmlFor={id} className={showLabel ? 'mb-3 block font-bold text-stone-900' : 'sr-only'}>
        <Trans>Search by name, operator or sight</Trans>
      </label>
      <div className="flex">
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={initial}
          maxLength={SEARCH_TEXT_MAX}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t`Colosseum, Vatican...`}
          className="min-w-0 flex-1 rounded-l-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 placeholder:text-stone-500"
        />
        {children}
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-r-lg bg-accent px-4 font-extrabold text-stone-900 hover:bg-accent-dark"
        >
          <SearchIcon />
          <Trans>Find</Trans>
        </button>
      </div>
    </form>
  );
}

/** Links that list a category (decision 039): the text search's results page filtered on it. */
export function CategoryLinks({
  className = '',
  chip = 'border-stone-300 bg-white text-stone-800 hover:border-brand hover:bg-red-50',
}: {
  className?: string;
  /** A chip's colours. */
  chip?: string;
}) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {PACKAGE_CATEGORIES.map((c) => (
        <li key={c.key}>
          <Link
            to={categoryPath(c.key)}
            className={`inline-block rounded-full border px-3 py-1.5 text-sm font-semibold ${chip}`}
          >
            {i18n._(c.label)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
