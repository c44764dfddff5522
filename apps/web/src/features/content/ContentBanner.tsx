import { pageBanner } from '@rome/contract';
import type { ReactNode } from 'react';
import { ContentImage } from './ContentImage';

/**
 * A page banner (spec §2 Company page, §9 heights 350 px small, 400 px from md): the editable image
 * with its placeholder and fade-in, a shade for legible text, and the page's title and subtitle. Which
 * image tag and bundled fallback a page has is the contract's `pageBanner` (the server preloads the same
 * picture with the page's HTML).
 */
export function ContentBanner({
  page,
  labelledBy,
  testId,
  children,
}: {
  page: string;
  labelledBy: string;
  testId?: string;
  children: ReactNode;
}) {
  const banner = pageBanner(page);
  return (
    <section
      className="relative h-[350px] overflow-hidden bg-brand-dark md:h-[400px]"
      aria-labelledby={labelledBy}
    >
      <ContentImage
        tag={banner.tag}
        page={page}
        fallbackSrc={banner.fallback}
        alt=""
        width={1600}
        height={500}
        priority
        placeholder="Loading banner image..."
        testId={testId}
        label="banner image"
        className="absolute inset-0 h-full w-full object-cover"
        editClassName="absolute inset-0"
      />
      <div className="pointer-events-none absolute inset-0 bg-gradient-to-t from-black/75 via-black/40 to-black/10" />
      <div className="relative mx-auto flex h-full max-w-6xl flex-col justify-end px-4 pb-10 md:pb-14">
        {children}
      </div>
    </section>
  );
}
