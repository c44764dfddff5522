import { useLingui } from '@lingui/react/macro';
import { MainContent, StaticPage } from './StaticPage';

/** Spec §2 Terms: banner image, title and main content (terms blocks). */
export default function TermsPage() {
  const { t } = useLingui();
  return (
    <StaticPage page="terms" title="Terms and Conditions" localizedTitle={t`Terms and Conditions`}>
      <MainContent page="terms" />
    </StaticPage>
  );
}
