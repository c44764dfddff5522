import { ContentBanner } from '../../components/content/ContentBanner';
import { ContentText } from '../../components/content/ContentText';

/**
 * Spec §2 Company page banner (and §4 Banner image): the editable image `{slug}-banner` of page
 * `company-{slug}` with a placeholder until it has loaded, then a 300 ms fade-in; when the image is
 * missing or fails, the bundled default is used (the failure is only logged, spec §8). Title and
 * subtitle are the editable blocks `{slug}-title` and `{slug}-subtitle`.
 */
export function CompanyBanner({
  slug,
  title,
  subtitle,
  localizedTitle,
  localizedSubtitle,
}: {
  slug: string;
  /** Shown when the block does not exist (yet) or content failed to load (English). */
  title: string;
  subtitle: string;
  /** The same in the page's language (ContentText's `localized`). */
  localizedTitle?: string;
  localizedSubtitle?: string;
}) {
  const page = `company-${slug}`;
  return (
    <ContentBanner page={page} labelledBy="company-title" testId="company-banner">
      <ContentText
        as="h1"
        id="company-title"
        tag={`${slug}-title`}
        page={page}
        fallback={title}
        localized={localizedTitle}
        label="company title"
        className="text-3xl font-extrabold text-white drop-shadow md:text-5xl"
      />
      <ContentText
        as="p"
        tag={`${slug}-subtitle`}
        page={page}
        fallback={subtitle}
        localized={localizedSubtitle}
        label="company subtitle"
        className="mt-3 max-w-2xl text-lg text-white drop-shadow md:text-xl"
      />
    </ContentBanner>
  );
}
