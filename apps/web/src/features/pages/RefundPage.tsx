import { MainContent, StaticPage } from './StaticPage';

/** Spec §2 Refund: banner image, title and main content (refund blocks). */
export default function RefundPage() {
  return (
    <StaticPage page="refund" title="Refund Policy">
      <MainContent page="refund" />
    </StaticPage>
  );
}
