import { HOME_PAGE_TAG } from '@rome/contract';
import { EditorPageTools } from '../../components/content/editable';
import { useStoredPageHead } from '../../components/content/page-head';
import { useTableTitle } from '../../components/usePageTitle';
import { BottomBanner } from './BottomBanner';
import { GetInTouch } from './GetInTouch';
import { Hero } from './Hero';
import { PartnerLogoStrip } from './PartnerLogoStrip';
import { ProcessSteps } from './ProcessSteps';
import { ServiceTabs } from './ServiceTabs';

/** Spec §2 Home. */
export default function HomePage() {
  // An editor's meta title and description win, as in the <head> the server sends, so the first
  // render does not put the default title back.
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
