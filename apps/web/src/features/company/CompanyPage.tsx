import { Trans, useLingui } from '@lingui/react/macro';
import {
  companyPageTitle,
  otherCompaniesSameDurations,
  PAGE_HEADING_WORD_TAGS,
  PAGE_HEADING_WORDS,
  SITE_PAGE_TAG,
  sameCompany,
} from '@rome/contract';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { usePackages } from '../../api/catalog';
import { ContentWord } from '../../components/content/ContentWord';
import { EditorPageTools } from '../../components/content/editable';
import { useStoredPageHead } from '../../components/content/page-head';
// The one not-found page of the shop, so an unknown company reads exactly like any unknown URL.
import { NotFound } from '../../components/NotFound';
import { PackageGrid, PackageGridSkeleton } from '../../components/PackageCard';
import { translate } from '../../i18n/locale';
import { badgeName, titleCase } from './banner';
import { CompanyBanner } from './CompanyBanner';

/** Spec §2 Company page: /bus/{companySlug}/{companyName}. */
export default function CompanyPage() {
  const { t } = useLingui();
  const { companySlug = '', companyName = '' } = useParams();
  const packages = usePackages();

  useEffect(() => {
    // Spec §8: packages fetch failures on the company page are only logged; the page shows what it can.
    if (packages.isError) console.error('Failed to load packages for the company page', packages.error);
  }, [packages.isError, packages.error]);

  const folder = packages.data?.folders.find((f) => f.company_slug === companySlug);
  const name = folder?.name ?? titleCase(companyName);

  useStoredPageHead(`company-${companySlug}`, folder ? companyPageTitle(folder.name, translate) : null);

  if (packages.isSuccess && !folder) return <NotFound />;

  const all = packages.data?.bus_data ?? [];
  const own = folder ? sameCompany(all, folder.name) : [];
  const similar = folder ? otherCompaniesSameDurations(all, folder.name) : [];
  const badge = badgeName(name);

  return (
    <main>
      <CompanyBanner
        slug={companySlug}
        title={`Explore Rome with ${name}`}
        localizedTitle={t`Explore Rome with ${name}`}
        // The seeded line is each operator's own; this one, for a new operator, suits buses and museums alike.
        subtitle="Tours and tickets to see the Eternal City at your own pace"
        localizedSubtitle={t`Tours and tickets to see the Eternal City at your own pace`}
      />

      <div className="mx-auto max-w-6xl px-4 py-10">
        <section aria-labelledby="company-packages">
          <p className="mb-3">
            <span className="inline-block rounded-full bg-accent px-4 py-1.5 text-sm font-bold tracking-wide text-stone-900">
              {t`${badge} SERVICES`}
            </span>
          </p>
          <h2 id="company-packages" className="mb-5 text-2xl font-bold text-stone-900 md:text-3xl">
            <Trans>{name} tickets</Trans>
          </h2>
          {packages.isPending ? (
            <PackageGridSkeleton count={4} />
          ) : (
            <div data-testid="company-packages">
              <PackageGrid packages={own} eagerCount={2} />
            </div>
          )}
        </section>

        {similar.length > 0 && (
          <section aria-labelledby="company-similar" className="mt-14" data-testid="company-similar">
            <ContentWord
              page={SITE_PAGE_TAG}
              area=""
              words={PAGE_HEADING_WORDS}
              tags={PAGE_HEADING_WORD_TAGS}
              word="companySimilarTitle"
              as="h2"
              id="company-similar"
              className="mb-2 text-2xl font-bold text-stone-900 md:text-3xl"
            />
            <ContentWord
              page={SITE_PAGE_TAG}
              area=""
              words={PAGE_HEADING_WORDS}
              tags={PAGE_HEADING_WORD_TAGS}
              word="companySimilarLead"
              as="p"
              className="mb-5 block text-stone-700"
            />
            <PackageGrid packages={similar} />
          </section>
        )}
      </div>
      <EditorPageTools page={`company-${companySlug}`} />
    </main>
  );
}
