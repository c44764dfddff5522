import { Trans, useLingui } from '@lingui/react/macro';
import { ContentHtml } from '../../components/content';
import { StaticPage } from './StaticPage';

/** Spec §2 Agent points: banner, title, subtitle, map embed (editable HTML) and body; all editable. */
export default function AgentPointsPage() {
  const { t } = useLingui();
  return (
    <StaticPage
      page="agent-points"
      title="Agent Points"
      localizedTitle={t`Agent Points`}
      subtitle="Find our ticket agents near the main stops"
      localizedSubtitle={t`Find our ticket agents near the main stops`}
    >
      <div className="grid gap-8">
        <section
          aria-label={t`Map of agent points`}
          className="overflow-hidden rounded-2xl bg-stone-100 ring-1 ring-stone-200"
        >
          <ContentHtml
            tag="agent-points-map"
            page="agent-points"
            label="map"
            className="[&_iframe]:block [&_iframe]:h-[300px] [&_iframe]:w-full [&_iframe]:border-0 md:[&_iframe]:h-[400px]"
            placeholder={
              <p
                role="status"
                className="flex h-[300px] items-center justify-center text-stone-700 md:h-[400px]"
              >
                <Trans>Loading map...</Trans>
              </p>
            }
          />
        </section>
        <article className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 md:p-10">
          <ContentHtml tag="agent-points-body" page="agent-points" label="body" />
        </article>
      </div>
    </StaticPage>
  );
}
