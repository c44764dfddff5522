import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { companyPath, navLinks, PRODUCT_NAME, SITE_PAGE_TAG } from '@rome/contract';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { usePackages } from '../api/catalog';
import { subscribeNewsletter, useSettings } from '../api/site';
import { SiteText } from './content/ContentWord';
import { EditableSlot } from './content/editable';
import { FacebookIcon, InstagramIcon } from './Icon';
import { Logo } from './Logo';
import { type NewsletterState, newsletterFailure, newsletterMessage } from './newsletter';
import { PaymentMethods } from './PaymentMethods';

/** Spec §2 Footer: the About list, from the contract's page table. */
const ABOUT_LINKS = navLinks('footer');

const heading = 'text-sm font-bold tracking-wider text-accent uppercase';
const link = 'rounded text-red-50 underline-offset-4 hover:text-white hover:underline';

/** Spec §2 Footer. */
export function Footer() {
  const settings = useSettings();
  const year = new Date().getFullYear();
  return (
    <footer className="bg-brand-dark text-red-50">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-4">
        <div className="col-span-2 space-y-4 lg:col-span-1">
          <Logo />
          <SiteText word="footerBlurb" as="p" className="block max-w-xs text-sm leading-relaxed" />
          <EditableSlot kind="contact" tag="website-social" page={SITE_PAGE_TAG} label="social links">
            <SocialLinks facebook={settings.website_facebook} instagram={settings.website_instagram} />
          </EditableSlot>
        </div>
        <BusServices />
        <nav aria-labelledby="footer-about">
          <SiteText word="footerAboutTitle" as="h2" id="footer-about" className={heading} />
          <ul className="mt-4 space-y-2 text-sm">
            {ABOUT_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={link}>
                  {i18n._(l.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="col-span-2 space-y-5 sm:max-w-md lg:col-span-1">
          <NewsletterForm />
          <div>
            <SiteText word="footerAcceptTitle" as="h2" className={heading} />
            <PaymentMethods className="mt-3 h-8 w-auto" />
          </div>
        </div>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-sm sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>
            <Trans>
              © {year} {PRODUCT_NAME}. All rights reserved.
            </Trans>
          </p>
          <p>
            <Trans>Website by</Trans>{' '}
            <a
              href="https://example.com/contact"
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-white underline underline-offset-4 hover:text-accent"
            >
              Tevere Web Studio
              <span className="sr-only">
                {' '}
                <Trans>(contact, opens in a new tab)</Trans>
              </span>
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}

/**
 * Spec §7: the footer reads packages/ and keeps only folders with active true. Headed 'Operators': one
 * of them sells museum tickets, not bus tours.
 */
function BusServices() {
  const { data, isPending, isError } = usePackages();
  const services = data?.folders.filter((f) => f.active) ?? [];
  return (
    <nav aria-labelledby="footer-services">
      <SiteText word="footerOperatorsTitle" as="h2" id="footer-services" className={heading} />
      {isPending ? (
        <ul className="mt-4 space-y-3" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="h-3.5 w-32 animate-pulse rounded bg-white/15" />
          ))}
        </ul>
      ) : isError ? (
        <p className="mt-4 text-sm" role="alert">
          <Trans>Failed to load bus services. Please try again later.</Trans>
        </p>
      ) : (
        <ul className="mt-4 space-y-2 text-sm" data-testid="footer-services">
          {services.map((f) => (
            <li key={f.id}>
              <Link to={companyPath(f)} className={link}>
                {f.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

function NewsletterForm() {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<NewsletterState>('idle');
  const inputId = useId();
  const message = newsletterMessage(state);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setState('submitting');
    try {
      await subscribeNewsletter(email.trim());
      setState('success');
      setEmail('');
    } catch (err) {
      setState(newsletterFailure(err));
    }
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby="footer-newsletter">
      <SiteText word="footerNewsletterTitle" as="h2" id="footer-newsletter" className={heading} />
      <SiteText word="footerNewsletterLead" as="p" className="mt-3 block text-sm" />
      <label htmlFor={inputId} className="sr-only">
        <Trans>Email address</Trans>
      </label>
      {/* Wraps when the column is too narrow for both (the four-column footer in French or Spanish, whose
          button words are long): the field keeps room for its placeholder, the button goes below it. */}
      <div className="mt-3 flex flex-wrap overflow-hidden rounded-lg bg-white ring-1 ring-white/20 focus-within:ring-2 focus-within:ring-accent">
        <input
          id={inputId}
          type="email"
          required
          autoComplete="email"
          placeholder={t`Your email address`}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (state !== 'submitting') setState('idle');
          }}
          className="min-w-0 grow-[3] basis-40 bg-white px-3 py-2.5 text-sm text-stone-900 placeholder:text-stone-500 focus:outline-none"
        />
        <button
          type="submit"
          disabled={state === 'submitting'}
          className="grow bg-accent px-4 py-2.5 text-sm font-extrabold text-stone-900 hover:bg-accent-dark disabled:opacity-70"
        >
          <Trans>HOP IN!</Trans>
        </button>
      </div>
      <p
        role="status"
        className={`mt-2 min-h-5 text-sm font-semibold ${state === 'success' ? 'text-accent' : 'text-white'}`}
      >
        {message && i18n._(message)}
      </p>
    </form>
  );
}

function SocialLinks({ facebook, instagram }: { facebook: string; instagram: string }) {
  const cls =
    'inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-accent hover:text-stone-900';
  return (
    <ul className="flex gap-3">
      {facebook && (
        <li>
          <a href={facebook} target="_blank" rel="noopener noreferrer" className={cls}>
            <span className="sr-only">Facebook</span>
            <FacebookIcon />
          </a>
        </li>
      )}
      {instagram && (
        <li>
          <a href={instagram} target="_blank" rel="noopener noreferrer" className={cls}>
            <span className="sr-only">Instagram</span>
            <InstagramIcon />
          </a>
        </li>
      )}
    </ul>
  );
}
