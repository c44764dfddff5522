import { useLingui } from '@lingui/react/macro';
import { LOCALE_NAMES, LOCALES, type Locale, localizedPath } from '@rome/contract';
import { useLocation } from 'react-router';
import { pageLocale, rememberLocale } from './locale';

/**
 * The navigation's language switcher (decision 024): the same page in another language. A new page
 * load, not a navigation inside the app: the HTML's head, <html lang> and the one catalogue the page
 * needs come with it. The choice is remembered (cookie), so the server stops following Accept-Language.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const { pathname, search, hash } = useLocation();
  const change = (locale: Locale) => {
    rememberLocale(locale);
    window.location.assign(localizedPath(locale, `${pathname}${search}${hash}`));
  };
  return (
    <select
      aria-label={t`Language`}
      value={pageLocale}
      onChange={(e) => change(e.target.value as Locale)}
      className={`rounded-md border border-white/30 bg-brand px-2 py-1.5 text-sm font-semibold text-white ${className}`}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
}
