import { useLingui } from '@lingui/react/macro';
import { MainContent, StaticPage } from './StaticPage';

/** Spec §2 Refund: banner image, title and main content (refund blocks). */
export default function RefundPage() {
  const { t } = useLingui();
  return (
    <StaticPage page="refund" title="Refund Policy" localizedTitle={t`Refund Policy`}>
      <MainContent page="refund" />
    </StaticPage>
  );
}
