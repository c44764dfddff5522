import { useLingui } from '@lingui/react/macro';
import { PRODUCT_NAME } from '@rome/contract';
import { Link } from 'react-router';

/**
 * A double-decker bus and the shop's name; links home. `tone` picks colours for dark or light
 * backgrounds. `image` is the picture an editor chose for the navigation bar (website settings'
 * `site_logo`, spec §2 'The logo is editable'): it then stands in for the drawn bus and name.
 */
export function Logo({
  tone = 'light',
  className = '',
  image,
}: {
  tone?: 'light' | 'dark';
  className?: string;
  image?: string | null;
}) {
  const { t } = useLingui();
  const text = tone === 'light' ? 'text-white' : 'text-brand';
  return (
    <Link
      to="/"
      className={`inline-flex items-center gap-2 rounded-md font-extrabold tracking-tight ${text} ${className}`}
      aria-label={t`${PRODUCT_NAME}, home`}
    >
      {image ? (
        <img
          src={image}
          alt=""
          data-testid="site-logo"
          className="h-10 w-auto max-w-[11rem] object-contain"
          decoding="async"
        />
      ) : (
        <DrawnLogo />
      )}
    </Link>
  );
}

function DrawnLogo() {
  return (
    <>
      <BusIcon className="h-9 w-9 shrink-0" />
      {/* The name starts with the visible words, spaced as read (WCAG 2.5.3 Label in Name: a voice
          user says what they see). The space after 'Rome' is not drawn: the lines are flex items. */}
      <span className="flex flex-col leading-none">
        <span className="text-lg">Rome </span>
        <span className="text-[0.7rem] font-bold tracking-[0.2em] uppercase opacity-90">Bus Tickets</span>
      </span>
    </>
  );
}

export function BusIcon({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="44" height="44" rx="11" fill="#facc15" />
      <rect x="9" y="10" width="30" height="25" rx="4" fill="#7f1d1d" />
      <rect x="12" y="13" width="7" height="5" rx="1" fill="#fef3c7" />
      <rect x="20.5" y="13" width="7" height="5" rx="1" fill="#fef3c7" />
      <rect x="29" y="13" width="7" height="5" rx="1" fill="#fef3c7" />
      <rect x="12" y="21" width="7" height="5" rx="1" fill="#fef3c7" />
      <rect x="20.5" y="21" width="7" height="5" rx="1" fill="#fef3c7" />
      <rect x="29" y="21" width="4" height="10" rx="1" fill="#fef3c7" />
      <rect x="9" y="19.5" width="30" height="1" fill="#facc15" />
      <circle cx="16" cy="36" r="3.6" fill="#1c1917" />
      <circle cx="32" cy="36" r="3.6" fill="#1c1917" />
      <circle cx="16" cy="36" r="1.4" fill="#d6d3d1" />
      <circle cx="32" cy="36" r="1.4" fill="#d6d3d1" />
    </svg>
  );
}
