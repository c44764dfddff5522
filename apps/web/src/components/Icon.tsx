/**
 * The storefront's icons. `Icon` is the one frame every icon is drawn in: a 24-unit box, 2-unit
 * strokes in the text's colour (or, `solid`, filled in it), hidden from screen readers, since the
 * text or label beside an icon says what it does. A caller passes only what differs: the size class,
 * a thicker stroke, round caps, another box.
 *
 * The named icons below are the ones the navigation, the footer and the search form draw, which every
 * first load carries anyway. An icon drawn by one lazily loaded page or dialog keeps its drawing beside
 * it, inside an `Icon`: this module is in the first load of every page (the `shell` chunk,
 * apps/web/vite.config.ts), and the other pages' drawings (about 0.7 KB gzip) would come with it.
 * The agents' app is its own build and draws its own (apps/web/src/agent/icons.tsx).
 */
import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { solid?: boolean };

export function Icon({ solid = false, children, ...svg }: IconProps) {
  const paint = solid ? { fill: 'currentColor' } : { fill: 'none', stroke: 'currentColor', strokeWidth: 2 };
  return (
    <svg viewBox="0 0 24 24" {...paint} aria-hidden="true" {...svg}>
      {children}
    </svg>
  );
}

/** Three bars: the navigation's menu button while the menu is closed. */
export function MenuIcon({ className = 'h-5 w-5', ...props }: IconProps) {
  return (
    <Icon className={className} strokeLinecap="round" {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Icon>
  );
}

/** A cross: closes the menu or a card. */
export function CloseIcon({ className = 'h-5 w-5', ...props }: IconProps) {
  return (
    <Icon className={className} strokeLinecap="round" {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}

/** A magnifying glass: the ticket-type search's button. */
export function SearchIcon({ className = 'h-5 w-5', ...props }: IconProps) {
  return (
    <Icon className={className} strokeWidth={2.5} strokeLinecap="round" {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </Icon>
  );
}

export function FacebookIcon({ className = 'h-5 w-5', ...props }: IconProps) {
  return (
    <Icon solid className={className} {...props}>
      <path d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.4H8v3h2.6V21h2.9z" />
    </Icon>
  );
}

export function InstagramIcon({ className = 'h-5 w-5', ...props }: IconProps) {
  return (
    <Icon className={className} {...props}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
    </Icon>
  );
}
