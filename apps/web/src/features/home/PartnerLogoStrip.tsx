import { Trans } from '@lingui/react/macro';
import { LOGO_FALLBACK_COUNT, LOGO_STRIP_REPEAT, type PartnerLogo } from '@rome/contract';
import { type CSSProperties, lazy, Suspense, useState } from 'react';
import { loadQueries } from '../../api/queries';
import { usePartnerLogos } from '../../api/site';
import { useIsEditor } from '../../lib/session';
import './marquee.css';
import { HomeText } from './HomeText';

// Editors only (spec §6): the logo editor is its own lazy chunk that visitors never download. It
// reads and invalidates queries, so it comes with the query client (api/queries.ts).
const EditLogosButton = lazy(() =>
  // biome-ignore lint/style/noRestrictedImports: a lazy door to the editor (import(), editors only)
  Promise.all([import('../../editor/logos/EditLogosButton'), loadQueries()]).then(([m]) => m),
);

/**
 * Spec §2/§9: the partner logo strip. Active logos, in their order, repeated 20 times in a moving
 * strip (pauses on hover, focus, the Pause button, or when the visitor prefers reduced motion). Only the
 * first copy is exposed to assistive technology. A failed load shows 4 placeholder logos.
 */
export function PartnerLogoStrip() {
  const { data, isError, isPending } = usePartnerLogos();
  const [paused, setPaused] = useState(false);
  const isEditor = useIsEditor();
  const active = (data ?? []).filter((l) => l.is_active).sort((a, b) => a.order - b.order);

  return (
    <section aria-labelledby="partners-title" className="border-b border-stone-200 bg-white py-8">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <HomeText
          word="partnersTitle"
          as="h2"
          id="partners-title"
          className="text-sm font-bold tracking-widest text-stone-700 uppercase"
        />
        <div className="flex items-center gap-2">
          {isEditor && (
            <Suspense fallback={null}>
              <EditLogosButton />
            </Suspense>
          )}
          {active.length > 0 && (
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              aria-pressed={paused}
              className="rounded-md px-2 py-1 text-xs font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100"
            >
              {paused ? <Trans>Play</Trans> : <Trans>Pause</Trans>}
              <span className="sr-only">
                {' '}
                <Trans>partner logos</Trans>
              </span>
            </button>
          )}
        </div>
      </div>
      {isPending ? (
        <Placeholders busy />
      ) : isError || active.length === 0 ? (
        <Placeholders />
      ) : (
        <div
          className="partner-marquee-wrap relative mt-5 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_6%,black_94%,transparent)]"
          data-paused={paused}
        >
          <ul
            className="partner-marquee flex w-max items-center"
            style={{ '--marquee-duration': `${active.length * LOGO_STRIP_REPEAT * 3}s` } as CSSProperties}
            data-testid="partner-strip"
          >
            {Array.from({ length: LOGO_STRIP_REPEAT }, (_, copy) =>
              active.map((logo) => <LogoItem key={`${copy}-${logo.id}`} logo={logo} hidden={copy > 0} />),
            )}
          </ul>
        </div>
      )}
    </section>
  );
}

function LogoItem({ logo, hidden }: { logo: PartnerLogo; hidden: boolean }) {
  const img = logo.logo_url ? (
    <img
      src={logo.logo_url}
      alt={hidden ? '' : logo.alt_text || logo.name}
      width={160}
      height={64}
      loading="lazy"
      decoding="async"
      className="h-12 w-auto max-w-40 object-contain"
    />
  ) : (
    <span className="text-sm font-bold text-stone-700">{logo.name}</span>
  );
  return (
    <li className="mx-6 flex h-16 shrink-0 items-center sm:mx-10" aria-hidden={hidden || undefined}>
      {logo.website_url ? (
        <a
          href={logo.website_url}
          target="_blank"
          rel="noopener noreferrer"
          tabIndex={hidden ? -1 : undefined}
          className="rounded opacity-80 grayscale transition hover:opacity-100 hover:grayscale-0 focus-visible:opacity-100 focus-visible:grayscale-0"
        >
          {img}
        </a>
      ) : (
        img
      )}
    </li>
  );
}

function Placeholders({ busy = false }: { busy?: boolean }) {
  return (
    <ul
      className="mx-auto mt-5 grid max-w-7xl grid-cols-2 gap-4 px-4 sm:grid-cols-4 sm:px-6"
      aria-busy={busy || undefined}
      data-testid="partner-placeholders"
    >
      {Array.from({ length: LOGO_FALLBACK_COUNT }, (_, i) => (
        <li
          key={i}
          className={`flex h-16 items-center justify-center rounded-xl bg-stone-100 text-sm font-semibold text-stone-600 ring-1 ring-stone-200 ${busy ? 'animate-pulse' : ''}`}
        >
          {busy ? (
            <span className="sr-only">
              <Trans>Loading partner logos</Trans>
            </span>
          ) : (
            <Trans>Partner logo</Trans>
          )}
        </li>
      ))}
    </ul>
  );
}
