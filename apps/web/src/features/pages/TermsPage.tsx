import { MainContent, StaticPage } from './StaticPage';

/** Spec §2 Terms: banner image, title and main content (terms blocks). */
export default function TermsPage() {
  return (
    <StaticPage page="terms" title="Terms and Conditions">
      <MainContent page="terms" />
    </StaticPage>
  );
}
