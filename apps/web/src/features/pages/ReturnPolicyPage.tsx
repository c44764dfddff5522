import { MainContent, StaticPage } from './StaticPage';

/** Spec §2 Return Policy: banner image, title and main content (return-policy blocks). */
export default function ReturnPolicyPage() {
  return (
    <StaticPage page="return-policy" title="Return Policy">
      <MainContent page="return-policy" />
    </StaticPage>
  );
}
