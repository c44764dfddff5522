import { HOME_PAGE_TAG } from '@rome/contract';
import { useTableTitle } from '../../components/usePageTitle';
import { EditorPageTools } from '../content/editable';
import { useStoredPageHead } from '../content/page-head';
import { BottomBanner } from './BottomBanner';
import { GetInTouch } from './GetInTouch';
import { Hero } from './Hero';
import { PartnerLogoStrip } from './PartnerLogoStrip';
import { ProcessSteps } from './ProcessSteps';
import { ServiceTabs } from './ServiceTabs';

/** Spec §2 Home. */
export default function HomePage() {
  // An editor's meta title and description win, as in the <head> the server sends (issue #23).
  useStoredPageHead(HOME_PAGE_TAG, useTableTitle());
  return (
    <main>
      <Hero />
      <PartnerLogoStrip />
      <ProcessSteps />
      <ServiceTabs />
      <BottomBanner />
      <GetInTouch />
      <EditorPageTools page={HOME_PAGE_TAG} />
    </main>
  );
}
