/**
 * What a buyer needs before paying, beside the price and the booking panel (decision 040): free
 * cancellation, where to meet or enter, hours or departures, what is included and not, the stops of
 * a bus line as a list and a map, and accessibility. The words come in the page's language from the
 * one-package read (English where an editor has not written them yet).
 *
 * `CancellationLine` is also exported alone, so the booking panel can say the exact Rome date and time
 * once a date or time is chosen (`visit`); PackageFacts then leaves its own general line out
 * (`cancellation={false}`).
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatRomeDateTime, hasFacts, type Package } from '@rome/contract';
import { type ReactNode, useId } from 'react';
import { Icon } from '../../components/Icon';
import { pageLocale } from '../../i18n/locale';
import { cancellationTerms, type VisitChoice } from './cancellation';
import { StopsMap } from './StopsMap';

export function CancellationLine({
  pkg,
  visit = {},
  className = '',
}: {
  pkg: Pick<Package, 'availability_type' | 'dates' | 'cancel_cutoff_hours'>;
  visit?: VisitChoice;
  className?: string;
}) {
  const terms = cancellationTerms(pkg, visit, new Date());
  const passed = terms.kind === 'until' && terms.passed;
  let words: ReactNode;
  if (terms.kind === 'until-used') words = <Trans>Free cancellation until the ticket is first used</Trans>;
  else if (terms.kind === 'before-visit')
    words = (
      <Plural
        value={terms.hours}
        one="Free cancellation up to # hour before your visit"
        other="Free cancellation up to # hours before your visit"
      />
    );
  else {
    const when = formatRomeDateTime(terms.at, pageLocale);
    words = passed ? (
      <Trans>Free cancellation for this time ended on {when} (Rome time)</Trans>
    ) : (
      <Trans>Free cancellation until {when} (Rome time)</Trans>
    );
  }
  return (
    <p
      data-testid="cancellation-line"
      className={`flex items-start gap-2 text-sm font-semibold ${passed ? 'text-stone-700' : 'text-emerald-800'} ${className}`}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" strokeLinecap="round" strokeLinejoin="round">
        {passed ? <path d="M12 8v5M12 16.5v.5M12 3l9 16H3z" /> : <path d="M5 12.5l4.5 4.5L19 7.5" />}
      </Icon>
      <span>{words}</span>
    </p>
  );
}

/** One fact: an icon, its name and its words. */
function Fact({ icon, label, children }: { icon: ReactNode; label: ReactNode; children: ReactNode }) {
  return (
    // A term's group holds only its dt and dd (HTML's rule for a div in a dl): the icon sits in the dt.
    <div className="min-w-0">
      <dt className="flex items-start gap-3 font-semibold text-stone-900">
        <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand" strokeLinecap="round" strokeLinejoin="round">
          {icon}
        </Icon>
        {label}
      </dt>
      <dd className="mt-0.5 pl-8 text-stone-800">{children}</dd>
    </div>
  );
}

export function PackageFacts({ pkg, cancellation = true }: { pkg: Package; cancellation?: boolean }) {
  const { t } = useLingui();
  const uid = useId();
  const facts = pkg.facts;
  if (!hasFacts(facts)) {
    return cancellation && pkg.cancel_cutoff_hours !== undefined ? (
      <CancellationLine pkg={pkg} className="rounded-xl bg-emerald-50 px-4 py-3" />
    ) : null;
  }
  const museum = pkg.ticket_type === 'museum';
  const stopsTitle = t`Map of the ${facts.stops.length} stops of the line`;

  return (
    <section
      aria-labelledby={`${uid}-title`}
      data-testid="package-facts"
      className="rounded-2xl bg-white p-5 ring-1 ring-stone-200"
    >
      <h2 id={`${uid}-title`} className="text-xl font-bold text-stone-900">
        <Trans>Good to know before you book</Trans>
      </h2>
      {cancellation && <CancellationLine pkg={pkg} className="mt-3 rounded-lg bg-emerald-50 px-3 py-2" />}

      <dl className="mt-4 space-y-4">
        {facts.meeting_point && (
          <Fact
            label={museum ? <Trans>Entrance</Trans> : <Trans>Meeting point</Trans>}
            icon={
              <>
                <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
                <circle cx="12" cy="9.5" r="2.5" />
              </>
            }
          >
            <span data-testid="fact-meeting-point">{facts.meeting_point}</span>
          </Fact>
        )}
        {facts.hours.length > 0 && (
          <Fact
            label={museum ? <Trans>Opening hours</Trans> : <Trans>Departure times</Trans>}
            icon={
              <>
                <circle cx="12" cy="12" r="9" />
                <path d="M12 7v5l3 2" />
              </>
            }
          >
            <ul className={facts.hours.length > 1 ? 'list-disc space-y-1 pl-4 marker:text-stone-400' : ''}>
              {facts.hours.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </Fact>
        )}
        {facts.accessibility && (
          <Fact
            label={<Trans>Accessibility</Trans>}
            icon={
              <>
                <circle cx="12" cy="4.5" r="1.8" />
                <path d="M12 7.5v6h5l2 5M12 10.5h5M9 10.8a5.5 5.5 0 1 0 6.5 8" />
              </>
            }
          >
            {facts.accessibility}
          </Fact>
        )}
      </dl>

      {(facts.included.length > 0 || facts.not_included.length > 0) && (
        <div className="mt-5 grid gap-4 border-t border-stone-200 pt-4 sm:grid-cols-2">
          {facts.included.length > 0 && (
            <div>
              <h3 className="font-semibold text-stone-900">
                <Trans>Included</Trans>
              </h3>
              <ul className="mt-2 space-y-1.5" data-testid="fact-included">
                {facts.included.map((line) => (
                  <li key={line} className="flex gap-2 text-stone-800">
                    <Icon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" strokeLinecap="round">
                      <path d="M5 12.5l4.5 4.5L19 7.5" />
                    </Icon>
                    {line}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {facts.not_included.length > 0 && (
            <div>
              <h3 className="font-semibold text-stone-900">
                <Trans>Not included</Trans>
              </h3>
              <ul className="mt-2 space-y-1.5" data-testid="fact-not-included">
                {facts.not_included.map((line) => (
                  <li key={line} className="flex gap-2 text-stone-800">
                    <Icon className="mt-0.5 h-5 w-5 shrink-0 text-stone-500" strokeLinecap="round">
                      <path d="M7 7l10 10M17 7L7 17" />
                    </Icon>
                    {line}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}

      {facts.stops.length > 0 && (
        <div className="mt-5 border-t border-stone-200 pt-4" data-testid="fact-stops">
          <h3 className="font-semibold text-stone-900">
            <Plural value={facts.stops.length} one="The line's # stop" other="The line's # stops" />
          </h3>
          <div className="mt-3 space-y-3">
            <StopsMap stops={facts.stops} title={stopsTitle} />
            <ol
              className="grid gap-x-4 gap-y-1.5 sm:grid-cols-2"
              aria-label={t`Stops in the order the bus runs`}
            >
              {facts.stops.map((stop, i) => (
                <li key={stop.id} className="flex items-center gap-2 text-sm text-stone-800">
                  <span
                    aria-hidden="true"
                    className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand text-xs font-bold text-white"
                  >
                    {i + 1}
                  </span>
                  {stop.name}
                </li>
              ))}
            </ol>
          </div>
        </div>
      )}
    </section>
  );
}
