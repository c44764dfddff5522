import { useLingui } from '@lingui/react/macro';
import { BANNER_CLASSES, BANNER_SIZE, pageBanner } from '@rome/contract';
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
  const { t } = useLingui();
  const banner = pageBanner(page);
  return (
    <section className={BANNER_CLASSES.section} aria-labelledby={labelledBy}>
      <ContentImage
        tag={banner.tag}
        page={page}
        fallbackSrc={banner.fallback}
        alt=""
        width={BANNER_SIZE.width}
        height={BANNER_SIZE.height}
        priority
        placeholder={t`Loading banner image...`}
        testId={testId}
        label="banner image"
        className={BANNER_CLASSES.image}
        editClassName="absolute inset-0"
      />
      <div className={BANNER_CLASSES.shade} />
      <div className={BANNER_CLASSES.text}>{children}</div>
    </section>
  );
}
