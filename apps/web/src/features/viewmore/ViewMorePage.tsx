import { Trans, useLingui } from '@lingui/react/macro';
import { type Package, sameCompany, similarOptions } from '@rome/contract';
import { useParams } from 'react-router';
import { usePackages } from '../../api/catalog';
import { ContentBanner } from '../../components/content/ContentBanner';
import { ContentText } from '../../components/content/ContentText';
import { EditorPageTools } from '../../components/content/editable';
import { useStoredPageHead } from '../../components/content/page-head';
import { LoadError } from '../../components/LoadError';
import { PackageGrid } from '../../components/PackageCard';
import { useTableTitle } from '../../components/usePageTitle';

/** Spec §2 View more / similar: /viewsimilar/{hours}/{company}. */
export default function ViewMorePage() {
  const { t } = useLingui();
  const { hours = '', company = '' } = useParams();
  const packages = usePackages();

  useStoredPageHead('view-more', useTableTitle());

  const all = packages.data?.bus_data ?? [];

  return (
    <main>
      <ContentBanner page="view-more" labelledBy="view-more-title">
        <ContentText
          as="h1"
          id="view-more-title"
          tag="view-more-title"
          page="view-more"
          fallback="Explore More Tours"
          localized={t`Explore More Tours`}
          label="view more title"
          className="text-3xl font-extrabold text-white drop-shadow md:text-5xl"
        />
        <ContentText
          as="p"
          tag="view-more-subtitle"
          page="view-more"
          fallback="Tickets from the same operator and similar options from others"
          localized={t`Tickets from the same operator and similar options from others`}
          label="view more subtitle"
          className="mt-3 max-w-2xl text-lg text-white drop-shadow md:text-xl"
        />
      </ContentBanner>

      <div className="mx-auto max-w-6xl px-4 py-10">
        {packages.isPending ? (
          <p role="status" className="py-12 text-center text-lg text-stone-700">
            <Trans>Loading packages...</Trans>
          </p>
        ) : packages.isError ? (
          <LoadError message={t`Failed to load packages. Please try again later.`} button={t`Retry`} />
        ) : (
          <>
            <Section
              id="same-categories"
              title={t`Same Categories`}
              detail={company}
              packages={sameCompany(all, company)}
              empty={t`No packages available for this category.`}
            />
            <Section
              id="similar-options"
              title={t`Similar Options`}
              detail={hours}
              packages={similarOptions(all, hours, company)}
              empty={t`No similar options available.`}
            />
          </>
        )}
      </div>
      <EditorPageTools page="view-more" />
    </main>
  );
}

function Section({
  id,
  title,
  detail,
  packages,
  empty,
}: {
  id: string;
  title: string;
  detail: string;
  packages: Package[];
  empty: string;
}) {
  return (
    <section aria-labelledby={id} data-testid={id} className="mb-14">
      <h2 id={id} className="text-2xl font-bold text-stone-900 md:text-3xl">
        {title}
      </h2>
      {detail && <p className="mt-1 mb-5 text-stone-700">{detail}</p>}
      {packages.length > 0 ? (
        <PackageGrid packages={packages} />
      ) : (
        <p className="rounded-xl bg-stone-100 p-6 text-center text-stone-700">{empty}</p>
      )}
    </section>
  );
}
