import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { HOME_HERO, HOME_HERO_CLASSES, HOME_HERO_TAGS, HOME_IMAGE_TAGS, HOME_PAGE_TAG } from '@rome/contract';
import { ContentBackground } from '../../components/content/ContentBackground';
import { ContentText } from '../../components/content/ContentText';
import { CategoryLinks, TextSearch } from '../../components/TextSearch';
import { TicketTypeSearch } from '../../components/TicketTypeSearch';

/** Spec §2 Home: hero with the ticket-type search, over a drawn Roman skyline at sunset (no image request). */
export function Hero() {
  const { t } = useLingui();
  const c = HOME_HERO_CLASSES;
  // The same words and classes as the frame the server paints first (contract home-hero.ts).
  return (
    <section aria-labelledby="hero-title" className={c.section}>
      {/* The drawn skyline unless an editor put a picture behind the hero. */}
      <ContentBackground
        tag={HOME_IMAGE_TAGS.hero}
        page={HOME_PAGE_TAG}
        label="home hero picture"
        fallback={<Skyline />}
        overlay="bg-gradient-to-r from-black/75 via-black/45 to-black/10"
      />
      <div className={c.inner}>
        {/* Editors change the words in place; the server paints the same blocks first. */}
        <ContentText
          tag={HOME_HERO_TAGS.kicker}
          page={HOME_PAGE_TAG}
          fallback={HOME_HERO.kicker}
          localized={i18n._(HOME_HERO.kicker)}
          as="p"
          className={c.kicker}
          editClassName="w-fit"
          label="home hero kicker"
        />
        <ContentText
          tag={HOME_HERO_TAGS.title}
          page={HOME_PAGE_TAG}
          fallback={HOME_HERO.title}
          localized={i18n._(HOME_HERO.title)}
          as="h1"
          id="hero-title"
          className={c.title}
          label="home hero title"
        />
        <ContentText
          tag={HOME_HERO_TAGS.lead}
          page={HOME_PAGE_TAG}
          fallback={HOME_HERO.lead}
          localized={i18n._(HOME_HERO.lead)}
          as="p"
          className={c.lead}
          label="home hero text"
        />
        <div className="mt-8 max-w-3xl rounded-2xl bg-white/95 p-5 shadow-xl ring-1 ring-black/5 backdrop-blur sm:p-6">
          {/* Beside the spec's ticket-type search (decision 039): words, and the categories. */}
          <TextSearch showLabel />
          <nav aria-label={t`Categories`} className="mt-3">
            <CategoryLinks />
          </nav>
          <div className="mt-5 border-t border-stone-200 pt-5">
            <TicketTypeSearch />
          </div>
        </div>
      </div>
    </section>
  );
}

function Skyline() {
  return (
    <svg
      className="absolute inset-0 -z-10 h-full w-full"
      viewBox="0 0 1440 640"
      preserveAspectRatio="xMidYMax slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#450a0a" />
          <stop offset="0.45" stopColor="#7f1d1d" />
          <stop offset="0.75" stopColor="#b45309" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
        <radialGradient id="hero-sun" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="0.6" stopColor="#fbbf24" stopOpacity="0.9" />
          <stop offset="1" stopColor="#fbbf24" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="1440" height="640" fill="url(#hero-sky)" />
      <circle cx="1250" cy="470" r="150" fill="url(#hero-sun)" />
      {/* Far hills */}
      <path
        d="M0 540 C200 500 340 520 520 505 S880 480 1060 500 1320 490 1440 500 V640 H0Z"
        fill="#9a3412"
        opacity="0.55"
      />
      {/* St Peter's dome */}
      <g fill="#431407" opacity="0.8" transform="translate(-110 0)">
        <rect x="860" y="470" width="150" height="60" />
        <path d="M875 470 Q935 380 995 470Z" />
        <rect x="928" y="380" width="14" height="20" />
        <path d="M935 352 l6 28 h-12z" />
        <rect x="850" y="455" width="170" height="15" />
      </g>
      {/* Colosseum */}
      <g fill="#3b0a0a" transform="translate(760 0)">
        <path d="M200 560 V430 Q330 400 470 418 V560Z" />
        <g fill="#f59e0b" opacity="0.55">
          {[0, 1, 2, 3, 4, 5, 6].map((i) => (
            <rect key={`a${i}`} x={218 + i * 34} y={450 - i * 1.5} width="18" height="28" rx="9" />
          ))}
          {[0, 1, 2, 3, 4, 5, 6].map((i) => (
            <rect key={`b${i}`} x={218 + i * 34} y={498 - i * 1.5} width="18" height="30" rx="9" />
          ))}
        </g>
      </g>
      {/* Umbrella pines and cypresses */}
      <g fill="#2a0707">
        <rect x="96" y="470" width="8" height="90" />
        <ellipse cx="100" cy="462" rx="70" ry="22" />
        <ellipse cx="80" cy="450" rx="40" ry="16" />
        <rect x="596" y="480" width="7" height="80" />
        <ellipse cx="600" cy="474" rx="58" ry="18" />
        <path d="M690 560 Q676 480 690 420 Q704 480 690 560Z" />
        <path d="M720 560 Q708 500 720 452 Q732 500 720 560Z" />
        <rect x="1376" y="478" width="8" height="82" />
        <ellipse cx="1380" cy="470" rx="66" ry="20" />
        <path d="M1272 560 Q1258 486 1272 430 Q1286 486 1272 560Z" />
      </g>
      {/* Ground */}
      <path d="M0 556 Q720 536 1440 556 V640 H0Z" fill="#1c0505" />
    </svg>
  );
}
