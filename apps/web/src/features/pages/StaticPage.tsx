import type { ReactNode } from 'react';
import {
  ContentBanner,
  ContentHtml,
  ContentText,
  EditorPageTools,
  useStoredPageHead,
} from '../../components/content';

/**
 * The frame of the content pages (spec §2 About Us, Terms, Return Policy, Refund, Agent points): an
 * editable banner image with the title (and subtitle) over it, then the page's content blocks.
 * Every block is `{page}-...` of page tag `page`.
 */
export function StaticPage({
  page,
  title,
  localizedTitle,
  subtitle,
  localizedSubtitle,
  children,
}: {
  page: string;
  /**
   * The fallback title (block `{page}-title`) in English, as the seed stores it: a stored block that
   * still says it word for word shows `localizedTitle` instead (ContentText's rule).
   */
  title: string;
  /** The title in the page's language. */
  localizedTitle: string;
  /** The fallback subtitle (block `{page}-subtitle`) in English, for pages that have one. */
  subtitle?: string;
  localizedSubtitle?: string;
  children: ReactNode;
}) {
  useStoredPageHead(page, localizedTitle);
  return (
    <main>
      <ContentBanner page={page} labelledBy="page-title" testId="page-banner">
        <ContentText
          as="h1"
          id="page-title"
          tag={`${page}-title`}
          page={page}
          fallback={title}
          localized={localizedTitle}
          label="title"
          className="text-3xl font-extrabold text-white drop-shadow md:text-5xl"
        />
        {subtitle !== undefined && (
          <ContentText
            as="p"
            tag={`${page}-subtitle`}
            page={page}
            fallback={subtitle}
            localized={localizedSubtitle}
            label="subtitle"
            className="mt-3 max-w-2xl text-lg text-white drop-shadow md:text-xl"
          />
        )}
      </ContentBanner>
      <div className="mx-auto max-w-4xl px-4 py-10 md:py-14">{children}</div>
      <EditorPageTools page={page} />
    </main>
  );
}

/** The main-content block of a page, as an article. */
export function MainContent({ page }: { page: string }) {
  return (
    <article className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 md:p-10">
      <ContentHtml tag={`${page}-main-content`} page={page} label="main content" />
    </article>
  );
}
