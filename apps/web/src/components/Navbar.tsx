import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { navLinks, type PageLink, pagePath } from '@rome/contract';
import { type ComponentType, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useSettings } from '../api/site';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { useSession } from '../lib/session';
import { keepTabWithin } from './focusTrap';
import { CloseIcon, MenuIcon } from './Icon';
import { Logo } from './Logo';
import { CategoryLinks, TextSearch } from './TextSearch';

/**
 * Spec §2 Navigation bar: what signed-out and signed-in visitors see, from the contract's page table
 * (Login and Logout follow as buttons, Logout is not a link).
 */
/**
 * Where an editor's page tools (the spec's floating 'Page metadata' button) sit: in the sticky header,
 * so the button floats over the page as it scrolls without covering any of it (decision 038).
 */
export const EDITOR_TOOLS_SLOT_ID = 'editor-page-tools';

export const navItems = (loggedIn: boolean): PageLink[] => navLinks(loggedIn ? 'signedIn' : 'signedOut');

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold transition-colors hover:bg-white/10 ${
    isActive ? 'bg-white/15 text-white' : 'text-red-50'
  }`;
const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-4 py-3 text-base font-semibold hover:bg-white/10 ${
    isActive ? 'bg-white/15 text-white' : 'text-red-50'
  }`;
const accentButton =
  'rounded-lg bg-accent px-4 py-2 text-sm font-bold text-stone-900 shadow-sm transition-colors hover:bg-accent-dark';

/** What the logo is drawn inside: the router passes the content layer's editable slot (editors' EDIT). */
export type LogoFrame = ComponentType<{ children: ReactNode }>;

const PlainFrame: LogoFrame = ({ children }) => <>{children}</>;

export function Navbar({ logoFrame: LogoSlot = PlainFrame }: { logoFrame?: LogoFrame }) {
  const { t } = useLingui();
  const { loggedIn, logout } = useSession();
  const logo = useSettings().site_logo?.file;
  const items = navItems(loggedIn);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const navRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();

  // A page change closes the menu (a search or a category from the menu changes only the query).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change on purpose
  useEffect(() => setOpen(false), [pathname, search]);

  // The open mobile menu closes on a click or tap outside it, and on Escape (focus goes back to the
  // toggle); while it is open, Tab cycles through the bar and the menu (focusTrap).
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (navRef.current && !navRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      } else if (navRef.current) {
        keepTabWithin(navRef.current, e);
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <header className="sticky top-0 z-40 bg-brand text-white shadow-md">
      <nav ref={navRef} aria-label={t`Main`} className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex h-16 items-center justify-between gap-4">
          <LogoSlot>
            <Logo image={logo} />
          </LogoSlot>
          {/* The text search beside the pages (decision 039); in the menu on a phone. */}
          <TextSearch className="hidden w-56 text-sm md:block lg:w-80" />
          <div id={EDITOR_TOOLS_SLOT_ID} className="ml-auto flex items-center empty:hidden" />
          <ul className="hidden items-center gap-1 md:flex">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={desktopLink}>
                  {i18n._(item.label)}
                </NavLink>
              </li>
            ))}
            <li className="ml-1">
              <LanguageSwitcher />
            </li>
            <li className="ml-2">
              {loggedIn ? (
                <button type="button" onClick={logout} className={accentButton}>
                  <Trans>Logout</Trans>
                </button>
              ) : (
                <NavLink to={pagePath('/login')} className={accentButton}>
                  <Trans>Login</Trans>
                </NavLink>
              )}
            </li>
          </ul>
          <button
            ref={buttonRef}
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg hover:bg-white/10 md:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((v) => !v)}
          >
            <span className="sr-only">{open ? t`Close menu` : t`Open menu`}</span>
            {open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
          </button>
        </div>
        <div id={menuId} hidden={!open} className="border-t border-white/15 pb-4 pt-2 md:hidden">
          <TextSearch className="px-4 pt-2 pb-3" />
          <CategoryLinks className="px-4 pb-3" chip="border-white/30 text-white hover:bg-white/10" />
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={mobileLink} onClick={() => setOpen(false)}>
                  {i18n._(item.label)}
                </NavLink>
              </li>
            ))}
            <li className="px-4 pt-2">
              <LanguageSwitcher className="w-full py-2.5 text-base" />
            </li>
            <li className="px-4 pt-2">
              {loggedIn ? (
                <button type="button" onClick={logout} className={`${accentButton} w-full py-3 text-base`}>
                  <Trans>Logout</Trans>
                </button>
              ) : (
                <NavLink
                  to={pagePath('/login')}
                  className={`${accentButton} block py-3 text-center text-base`}
                >
                  <Trans>Login</Trans>
                </NavLink>
              )}
            </li>
          </ul>
        </div>
      </nav>
    </header>
  );
}
