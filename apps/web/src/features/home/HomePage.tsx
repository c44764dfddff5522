import { useTablePageTitle } from '../../components/usePageTitle';
import { BottomBanner } from './BottomBanner';
import { GetInTouch } from './GetInTouch';
import { Hero } from './Hero';
import { PartnerLogoStrip } from './PartnerLogoStrip';
import { ProcessSteps } from './ProcessSteps';
import { ServiceTabs } from './ServiceTabs';

/** Spec §2 Home. */
export default function HomePage() {
  useTablePageTitle();
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
