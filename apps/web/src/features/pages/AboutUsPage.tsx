import { MainContent, StaticPage } from './StaticPage';

/** Spec §2 About Us: banner image, title, subtitle and main content (about-us blocks). */
export default function AboutUsPage() {
  return (
    <StaticPage page="about-us" title="About Us" subtitle="Your guide to seeing Rome from the top deck">
      <MainContent page="about-us" />
    </StaticPage>
  );
}
