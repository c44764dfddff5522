import { PRODUCT_NAME } from '@rome/contract';
import { usePageTitle } from '../../components/usePageTitle';
import { BottomBanner } from './BottomBanner';
import { GetInTouch } from './GetInTouch';
import { Hero } from './Hero';
import { PartnerLogoStrip } from './PartnerLogoStrip';
import { ProcessSteps } from './ProcessSteps';
import { ServiceTabs } from './ServiceTabs';

/** Spec §2 Home. */
export default function HomePage() {
  usePageTitle(`Rome Hop-On Hop-Off Bus Tours & Museum Tickets | ${PRODUCT_NAME}`);
  return (
    <main>
      <Hero />
      <PartnerLogoStrip />
      <ProcessSteps />
      <ServiceTabs />
      <BottomBanner />
      <GetInTouch />
    </main>
  );
}
