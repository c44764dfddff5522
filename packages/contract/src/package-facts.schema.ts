/**
 * zod schemas of package-facts.ts: the facts as the ticket page reads them, as they are stored, and as
 * the ticket editor sends them (decision 040). Kept apart from the rules so the visitor's bundle, which
 * uses only the types and limits, carries no zod.
 */
import { z } from 'zod';
import { FACT_FIELDS, FACT_LIMITS, isPlainText, STOP_AREA } from './package-facts';
import { oneLine } from './validation';

const PLAIN = 'must be plain text, without HTML';

/** One line of plain text, trimmed, at most `max` characters. */
const line = (max: number) =>
  z
    .string({ error: 'must be text' })
    .transform((s) => oneLine(s).trim())
    .pipe(z.string().max(max, `is too long (at most ${max} characters)`).refine(isPlainText, PLAIN));

/** Lines of a list: blank lines are dropped, at most `count` of at most FACT_LIMITS.line characters. */
const lines = (count: number) =>
  z
    .array(line(FACT_LIMITS.line), { error: 'must be a list of lines' })
    .transform((list) => list.filter((s) => s !== ''))
    .pipe(z.array(z.string()).max(count, `has too many lines (at most ${count})`));

const latitude = z
  .number({ error: 'latitude must be a number' })
  .min(STOP_AREA.minLat, `latitude must be between ${STOP_AREA.minLat} and ${STOP_AREA.maxLat} (Rome)`)
  .max(STOP_AREA.maxLat, `latitude must be between ${STOP_AREA.minLat} and ${STOP_AREA.maxLat} (Rome)`);
const longitude = z
  .number({ error: 'longitude must be a number' })
  .min(STOP_AREA.minLng, `longitude must be between ${STOP_AREA.minLng} and ${STOP_AREA.maxLng} (Rome)`)
  .max(STOP_AREA.maxLng, `longitude must be between ${STOP_AREA.minLng} and ${STOP_AREA.maxLng} (Rome)`);
const stopId = z
  .string()
  .regex(/^[a-z0-9-]+$/, 'a stop id is lower-case letters, digits and dashes')
  .max(FACT_LIMITS.stopId);
const stopName = line(FACT_LIMITS.stopName).pipe(z.string().min(1, 'a stop needs a name'));

export const factStopSchema = z.object({ id: stopId, name: z.string(), lat: z.number(), lng: z.number() });

/** The facts in one language, as the ticket page reads them (GET package/{status}/{package_tag}/). */
export const packageFactsSchema = z
  .object({
    meeting_point: z.string(),
    hours: z.array(z.string()),
    included: z.array(z.string()),
    not_included: z.array(z.string()),
    accessibility: z.string(),
    stops: z.array(factStopSchema),
  })
  .meta({
    id: 'PackageFacts',
    examples: [
      {
        meeting_point: 'Colosseum: entrance on Via Sacra, by the Arch of Titus',
        hours: ['Daily 09:00 to 19:15, last entry 18:15'],
        included: ['Entry to the Colosseum, the Roman Forum and the Palatine'],
        not_included: ['Guide'],
        accessibility: 'Lift to the second level; the Forum has uneven paths.',
        stops: [],
      },
    ],
  });

/**
 * What the ticket editor sends (the `facts` of PATCH update-bus-package/{package_tag}/): only the facts
 * that changed. Texts are one line, plain, trimmed; an empty one takes the fact away (in another
 * language: shows the English again). Stops are rows of name and place, in their order; a row keeps
 * its `id` (the server gives a new row one).
 */
export const packageFactsEditSchema = z
  .strictObject({
    meeting_point: line(FACT_LIMITS.meetingPoint).optional(),
    hours: lines(FACT_LIMITS.hoursLines).optional(),
    included: lines(FACT_LIMITS.listLines).optional(),
    not_included: lines(FACT_LIMITS.listLines).optional(),
    accessibility: line(FACT_LIMITS.accessibility).optional(),
    stops: z
      .array(z.strictObject({ id: stopId.optional(), name: stopName, lat: latitude, lng: longitude }), {
        error: 'stops must be a list of name, latitude and longitude',
      })
      .max(FACT_LIMITS.stops, `has too many stops (at most ${FACT_LIMITS.stops})`)
      .refine((stops) => {
        const ids = stops.flatMap((s) => (s.id ? [s.id] : []));
        return new Set(ids).size === ids.length;
      }, 'two stops have the same id')
      .optional(),
  })
  .meta({
    examples: [
      { meeting_point: 'Via Sacra, by the Arch of Titus' },
      { stops: [{ id: 'termini', name: 'Termini', lat: 41.9009, lng: 12.5016 }] },
    ],
  });
export type PackageFactsEdit = z.output<typeof packageFactsEditSchema>;

/** English as stored (packages.facts): read back safely, a row that does not parse shows no facts. */
export const storedFactsSchema = packageFactsSchema;

/** A language's words as stored (package_translations.facts). */
export const storedFactWordsSchema = z.object({
  meeting_point: z.string().optional(),
  hours: z.array(z.string()).optional(),
  included: z.array(z.string()).optional(),
  not_included: z.array(z.string()).optional(),
  accessibility: z.string().optional(),
  stop_names: z.record(z.string(), z.string()).optional(),
});

/** The facts still in English on a package read in another language (the editors' marks). */
export const factFieldsSchema = z.array(z.enum(FACT_FIELDS));
