import { useLingui } from '@lingui/react/macro';
import { MainContent, StaticPage } from './StaticPage';

/** Spec §2 About Us: banner image, title, subtitle and main content (about-us blocks). */
export default function AboutUsPage() {
  const { t } = useLingui();
  return (
    <StaticPage
      page="about-us"
      title="About Us"
      localizedTitle={t`About Us`}
      subtitle="Your guide to seeing Rome from the top deck"
      localizedSubtitle={t`Your guide to seeing Rome from the top deck`}
    >
      <MainContent page="about-us" />
    </StaticPage>
  );
}
