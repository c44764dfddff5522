import { i18n } from '@lingui/core';
import {
  HOME_BANNER,
  HOME_BANNER_TAGS,
  HOME_IMAGE_TAGS,
  HOME_PAGE_TAG,
  HOME_WORD_TAGS,
  HOME_WORDS,
  pagePath,
} from '@rome/contract';
import { Link } from 'react-router';
import { ContentBackground } from '../../components/content/ContentBackground';
import { ContentText, useContentText } from '../../components/content/ContentText';
import { EditableSlot } from '../../components/content/editable';
import { Icon } from '../../components/Icon';

/** Spec §2 Home: the bottom banner, a call to the offers page. */
export function BottomBanner() {
  // The link's label is a word editors change in place; its buttons sit outside the link.
  const link = useContentText(
    HOME_WORD_TAGS.bannerLink,
    HOME_PAGE_TAG,
    HOME_WORDS.bannerLink,
    i18n._(HOME_WORDS.bannerLink),
  );
  return (
    <section aria-labelledby="banner-title" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <div className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-brand via-red-800 to-brand-dark px-6 py-10 text-white shadow-lg sm:px-12">
        {/* A drawn bus unless an editor put a picture behind the banner. */}
        <ContentBackground
          tag={HOME_IMAGE_TAGS.banner}
          page={HOME_PAGE_TAG}
          label="bottom banner picture"
          fallback={
            <Icon solid viewBox="0 0 48 48" className="absolute -right-10 -bottom-10 h-64 w-64 text-white/10">
              <rect x="9" y="10" width="30" height="25" rx="4" />
              <circle cx="16" cy="38" r="4" />
              <circle cx="32" cy="38" r="4" />
            </Icon>
          }
          overlay="bg-gradient-to-br from-brand/90 via-red-800/75 to-brand-dark/60"
        />
        <div className="relative max-w-xl">
          <ContentText
            tag={HOME_BANNER_TAGS.title}
            page={HOME_PAGE_TAG}
            fallback={HOME_BANNER.title}
            localized={i18n._(HOME_BANNER.title)}
            as="h2"
            id="banner-title"
            className="text-3xl font-extrabold tracking-tight"
            label="bottom banner title"
          />
          <ContentText
            tag={HOME_BANNER_TAGS.text}
            page={HOME_PAGE_TAG}
            fallback={HOME_BANNER.text}
            localized={i18n._(HOME_BANNER.text)}
            as="p"
            className="mt-3 block text-red-50"
            label="bottom banner text"
          />
          <EditableSlot
            kind="text"
            tag={HOME_WORD_TAGS.bannerLink}
            page={HOME_PAGE_TAG}
            source={link.source}
            untranslated={link.untranslated}
            label="home banner link"
            className="inline-block"
          >
            <Link
              to={pagePath('/offer')}
              data-content-tag={HOME_WORD_TAGS.bannerLink}
              className={`mt-6 inline-block rounded-lg bg-accent px-6 py-3 font-extrabold text-stone-900 shadow hover:bg-accent-dark${link.loading ? ' invisible' : ''}`}
            >
              {link.text}
            </Link>
          </EditableSlot>
        </div>
      </div>
    </section>
  );
}
