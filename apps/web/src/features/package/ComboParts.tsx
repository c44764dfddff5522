import { Plural, Trans } from '@lingui/react/macro';
import { type Package, usesSlots } from '@rome/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { availabilityQuery } from '../../api/catalog';
import { DateCalendar } from './DateCalendar';
import { SlotTimes } from './SlotTimes';
import { chosenSlot, dayMarks, showSlots, slotRange } from './slots';

type Part = NonNullable<Package['combo_parts']>[number];

/**
 * A combo's parts on its ticket page (decision 071): what it includes and whose each part is, and for
 * each part sold in times its own day and time, chosen here and sent with the checkout (`combo_slots`).
 * Each part's ticket is its own; the price is the combo's.
 */
export function ComboParts({
  parts,
  onChoose,
  invalid,
  describedBy,
}: {
  parts: readonly Part[];
  /** A timed part's chosen slot (null: none chosen, or its choice no longer stands). */
  onChoose: (packageTag: string, slotId: string | null) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  return (
    <div className="mt-3" data-testid="combo-parts">
      <p className="text-sm font-semibold text-stone-900">
        <Trans>This combo includes one ticket for each of:</Trans>
      </p>
      <ol className="mt-2 space-y-3">
        {parts.map((part) => (
          <li
            key={part.package_tag}
            className="rounded-lg bg-stone-50 px-3 py-2 ring-1 ring-stone-200"
            data-testid="combo-part"
            data-package-tag={part.package_tag}
          >
            <p className="font-semibold text-stone-900">{part.title}</p>
            <p className="text-sm text-stone-700">
              <Trans>Operated by {part.operator}</Trans>
              {part.availability_type === 'PASS' && part.pass_hours ? (
                <>
                  {' · '}
                  <Plural
                    value={part.pass_hours}
                    one="Valid # hour from first use"
                    other="Valid # hours from first use"
                  />
                </>
              ) : null}
            </p>
            {usesSlots(part.availability_type) && (
              <PartTime
                part={part}
                onChoose={(slotId) => onChoose(part.package_tag, slotId)}
                invalid={invalid}
                describedBy={describedBy}
              />
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** One timed part's day and time, from its own availability. */
function PartTime({
  part,
  onChoose,
  invalid,
  describedBy,
}: {
  part: Part;
  onChoose: (slotId: string | null) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const uid = useId();
  const [date, setDate] = useState('');
  const [slotId, setSlotId] = useState<string | null>(null);
  const availability = useQuery({
    ...availabilityQuery(part.package_tag, slotRange(part.dates)),
    enabled: part.dates.length > 0,
  });
  const slots = useMemo(
    () =>
      availability.data
        ? showSlots(availability.data.slots, availability.data.cutoff_minutes, new Date())
        : [],
    [availability.data],
  );
  const marks = useMemo(() => dayMarks(slots), [slots]);
  const daySlots = useMemo(() => slots.filter((s) => s.romeDate === date), [slots, date]);
  const chosen = chosenSlot(daySlots, slotId);
  // Told when the choice changes only (the caller's function may be new on every render).
  const tell = useRef(onChoose);
  tell.current = onChoose;
  useEffect(() => tell.current(chosen?.id ?? null), [chosen?.id]);

  if (part.dates.length === 0)
    return (
      <p className="mt-2 text-sm text-stone-800">
        <Trans>No dates are available at the moment.</Trans>
      </p>
    );
  return (
    <div className="mt-1">
      <DateCalendar
        id={`${uid}-date`}
        dates={part.dates}
        value={date}
        onChange={(d) => {
          setDate(d);
          if (d !== date) setSlotId(null);
        }}
        marks={marks}
        price={null}
        invalid={invalid && !chosen}
        describedBy={describedBy}
      />
      {date && availability.isSuccess && (
        <SlotTimes
          id={`${uid}-times`}
          slots={daySlots}
          chosenId={chosen?.id ?? null}
          onChoose={setSlotId}
          describedBy={describedBy}
          invalid={invalid && !chosen}
          dayEntry={part.availability_type === 'OPENING_HOURS'}
        />
      )}
    </div>
  );
}
