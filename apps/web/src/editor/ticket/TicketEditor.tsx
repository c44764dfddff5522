import {
  DEFAULT_LOCALE,
  LOCALE_NAMES,
  type MediaItem,
  type Package,
  type PackageCategory,
  type PackageTextField,
  parseSchemaJson,
} from '@rome/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { sanitizeContent } from '../../components/content/html';
import { buttonPrimary, buttonSecondary, Dialog, inputClass } from '../../components/Dialog';
import { TICKET_DESCRIPTION_CLASSES } from '../../features/package/description';
import { pageLocale } from '../../i18n/locale';
import toast from '../../lib/toast';
import { HtmlEditorPanes } from '../HtmlEditorDialog';
import { MediaPicker } from '../media/MediaPicker';
import { AvailabilityEditor } from './AvailabilityEditor';
import {
  IMAGE_GROUPS,
  imagePatch,
  type PackageEditBody,
  refreshPackages,
  TICKET_MESSAGES,
  updatePackage,
} from './api';
import {
  refreshAvailability,
  type SettingsDraft,
  sameSettings,
  saveAvailability,
  settingsBody,
} from './availability';
import { CategoriesField, categoriesOf, sameCategories } from './CategoriesField';
import { CategoryPrices } from './CategoryPrices';
import { FactsEditor, factsDraftOf, factsEdit } from './FactsEditor';
import { PriceHistory } from './PriceHistory';

type Fields = {
  title: string;
  type: string;
  is_featured: boolean;
  adult_price: string;
  youth_price: string;
  off_price: string;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  schema_json: string;
  description: string;
  categories: PackageCategory[];
};

const schemaText = (v: unknown): string =>
  v === null || v === undefined || v === '' ? '' : typeof v === 'string' ? v : JSON.stringify(v, null, 2);

function fieldsOf(pkg: Package): Fields {
  return {
    title: pkg.title ?? '',
    type: pkg.type ?? '',
    is_featured: Boolean(pkg.is_featured),
    adult_price: pkg.adult_price ?? '',
    youth_price: pkg.youth_price ?? '',
    off_price: pkg.off_price ?? '',
    meta_title: pkg.meta_title ?? '',
    meta_description: pkg.meta_description ?? '',
    meta_keywords: pkg.meta_keywords ?? '',
    schema_json: schemaText(pkg.schema_json),
    description: pkg.description ?? '',
    categories: categoriesOf(pkg),
  };
}

/**
 * On a page in another language (decision 024) the words are that language's: a field with none yet shows
 * the English, marked; saving it writes the translation. Prices and pictures are the same everywhere.
 */
const translating = pageLocale !== DEFAULT_LOCALE;

function NotTranslated({ pkg, field }: { pkg: Package; field: PackageTextField }) {
  if (!translating || !pkg.untranslated?.includes(field)) return null;
  return (
    <span className="ml-2 rounded bg-amber-300 px-1.5 py-0.5 text-xs font-bold text-stone-900">
      Not translated: English shown
    </span>
  );
}

const samePrice = (a: string, b: string) =>
  a.trim() === b.trim() || (a.trim() !== '' && b.trim() !== '' && Number(a) === Number(b));

/** Only the fields that differ from what was loaded (the spec's edit sends only edited fields). */
function editBody(f: Fields, start: Fields): PackageEditBody {
  const body: PackageEditBody = {};
  if (f.title.trim() !== start.title) body.title = f.title.trim();
  if (f.type.trim() !== start.type) body.type = f.type.trim();
  if (f.is_featured !== start.is_featured) body.is_featured = f.is_featured;
  for (const key of ['adult_price', 'youth_price'] as const)
    if (!samePrice(f[key], start[key])) body[key] = f[key].trim();
  if (!samePrice(f.off_price, start.off_price))
    body.off_price = f.off_price.trim() === '' ? null : f.off_price.trim();
  for (const key of ['meta_title', 'meta_description', 'meta_keywords', 'description'] as const)
    if (f[key] !== start[key]) body[key] = f[key];
  if (f.schema_json.trim() !== start.schema_json.trim()) body.schema_json = f.schema_json.trim();
  if (!sameCategories(f.categories, start.categories)) body.categories = f.categories;
  return body;
}

type SectionKey = 'details' | 'description' | 'facts' | 'images' | 'seo' | 'availability';

const SECTIONS: { key: SectionKey; label: string; fields: (keyof Fields)[] }[] = [
  {
    key: 'details',
    label: 'Details & prices',
    fields: ['title', 'type', 'is_featured', 'adult_price', 'youth_price', 'off_price', 'categories'],
  },
  { key: 'description', label: 'Description', fields: ['description'] },
  // The buyer's facts (decision 040): their own draft, FactsEditor.tsx.
  { key: 'facts', label: 'Facts', fields: [] },
  { key: 'images', label: 'Images', fields: [] },
  { key: 'seo', label: 'SEO', fields: ['meta_title', 'meta_description', 'meta_keywords', 'schema_json'] },
  { key: 'availability', label: 'Availability', fields: [] },
];

/**
 * The sections side by side in one row that shows one at a time (scroll snapping, the row's own
 * scrolling hidden): the section list moves it, and so does focus (Tab, a field the browser's form
 * check points at), so every field stays reachable from the keyboard and for find-in-page.
 */
function useSectionPager(keys: SectionKey[]) {
  const pager = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<SectionKey>(keys[0]);
  const keysRef = useRef(keys);
  keysRef.current = keys;

  const show = useCallback((key: SectionKey, focusHeading: boolean) => {
    const el = pager.current;
    const i = keysRef.current.indexOf(key);
    if (!el || i < 0) return;
    el.scrollTo({ left: i * el.clientWidth, behavior: 'instant' });
    setActive(key);
    if (focusHeading)
      el.querySelector<HTMLElement>(`[data-section="${key}"] [data-section-heading]`)?.focus({
        preventScroll: true,
      });
  }, []);

  useEffect(() => {
    const el = pager.current;
    if (!el) return;
    const indexShown = () => (el.clientWidth > 0 ? Math.round(el.scrollLeft / el.clientWidth) : 0);
    const onScroll = () => {
      const key = keysRef.current[indexShown()];
      if (key) setActive(key);
    };
    // A control of another section got focus (Tab, the form check): bring its section in.
    const onFocus = (e: FocusEvent) => {
      const key = (e.target as Element).closest<HTMLElement>('[data-section]')?.dataset.section as
        | SectionKey
        | undefined;
      if (key && keysRef.current.indexOf(key) !== indexShown()) show(key, false);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('focusin', onFocus);
    return () => {
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('focusin', onFocus);
    };
  }, [show]);

  return { pager, active, show };
}

/**
 * Spec §2/§5 Ticket editor: title (required), featured flag, prices (numbers, at least 0, step 0.01),
 * SEO fields with a schema JSON that must parse, the description's HTML, and the ten images, each
 * replaced at once from the media library; beside them the ticket's availability (issue: one dialog
 * 6,200 px tall). The sections show one at a time. One save model: every field, the availability
 * settings included, is a draft that the one 'Save Changes' sends (only edited fields); an image and
 * the changes to times in the month apply at once, each after its own confirmation, and say so.
 */
export function TicketEditor({ pkg: initial, onClose }: { pkg: Package; onClose: () => void }) {
  const id = useId();
  const formId = `${id}-form`;
  const client = useQueryClient();
  const [pkg, setPkg] = useState(initial);
  const [start, setStart] = useState(() => fieldsOf(initial));
  const [f, setF] = useState<Fields>(start);
  const [factsStart, setFactsStart] = useState(() => factsDraftOf(initial));
  const [facts, setFacts] = useState(factsStart);
  const [settings, setSettings] = useState<{ base: SettingsDraft; draft: SettingsDraft } | null>(null);
  const [error, setError] = useState<{ text: string; field?: 'schema' } | null>(null);
  const [busy, setBusy] = useState(false);
  const [imageBusy, setImageBusy] = useState<string | null>(null);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setF((old) => ({ ...old, [key]: value }));
  // The settings as first loaded are the draft's start; later reads (after a change of times) keep it.
  const onSettingsLoaded = useCallback(
    (loaded: SettingsDraft) => setSettings((old) => old ?? { base: loaded, draft: loaded }),
    [],
  );

  const sections = SECTIONS.filter((s) => s.key !== 'availability' || pkg.package_tag);
  const { pager, active, show } = useSectionPager(sections.map((s) => s.key));

  const body = editBody(f, start);
  const factsBody = factsEdit(facts, factsStart);
  if (factsBody) body.facts = factsBody;
  const settingsChanged = settings !== null && !sameSettings(settings.draft, settings.base);
  const unsaved = sections.filter((s) =>
    s.key === 'availability'
      ? settingsChanged
      : s.key === 'facts'
        ? 'facts' in body
        : s.fields.some((k) => k in body),
  );

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (!pkg.package_tag) {
      setError({ text: TICKET_MESSAGES.tagMissing });
      toast.error(TICKET_MESSAGES.tagMissing);
      return;
    }
    const schema = parseSchemaJson(f.schema_json);
    if (!schema.ok) {
      setError({ text: schema.error, field: 'schema' });
      show('seo', false);
      return;
    }
    if (Object.keys(body).length === 0 && !settingsChanged) {
      onClose();
      return;
    }
    setBusy(true);
    const tag = pkg.package_tag;
    try {
      if (Object.keys(body).length > 0) {
        await updatePackage(tag, body);
        // Saved: a second try after a refused availability sends only that.
        setStart(f);
        setFactsStart(facts);
      }
      if (settings && settingsChanged) {
        try {
          await saveAvailability(tag, settingsBody(settings.draft));
        } catch (err) {
          show('availability', false);
          throw new Error(`Failed to save the availability: ${errorMessage(err, 'Unknown error')}`);
        }
        await refreshAvailability(client, tag);
      }
      await refreshPackages(client);
      toast.success(Object.keys(body).length > 0 ? TICKET_MESSAGES.updated : 'Availability saved.');
      onClose();
    } catch (err) {
      const message = err instanceof Error ? err.message : TICKET_MESSAGES.network;
      setError({ text: message });
      toast.error(message);
      setBusy(false);
      void refreshPackages(client);
    }
  }

  async function replaceImage(group: (typeof IMAGE_GROUPS)[number], item: MediaItem) {
    if (!pkg.package_tag) {
      toast.error(TICKET_MESSAGES.tagMissing);
      return;
    }
    setImageBusy(group.key);
    try {
      const data = await updatePackage(
        pkg.package_tag,
        imagePatch(group.slots, item.id, item.alt_text ?? ''),
      );
      if (data) setPkg((old) => ({ ...old, ...data }));
      await refreshPackages(client);
      toast.success(TICKET_MESSAGES.imageUpdated);
    } catch {
      toast.error(TICKET_MESSAGES.imageFailed);
    } finally {
      setImageBusy(null);
    }
  }

  const priceField = (key: 'adult_price' | 'youth_price' | 'off_price', label: string, required: boolean) => (
    <label className="block text-sm font-semibold">
      {label}
      <span className="relative mt-1 block">
        <span aria-hidden="true" className="absolute top-1/2 left-3 -translate-y-1/2 text-sm text-stone-600">
          €
        </span>
        <input
          form={formId}
          className={`${inputClass} mt-0 pl-7`}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required={required}
          value={f[key]}
          onChange={(e) => set(key, e.target.value)}
        />
      </span>
    </label>
  );

  /** One section: its heading (focused when chosen from the list) and its content. */
  const panel = (key: SectionKey, title: ReactNode, children: ReactNode, className = 'space-y-4') => (
    <section
      key={key}
      id={`${id}-panel-${key}`}
      aria-labelledby={`${id}-h-${key}`}
      data-section={key}
      data-testid={`section-${key}`}
      className="h-full w-full min-w-0 shrink-0 snap-start snap-always overflow-y-auto overscroll-contain px-4 py-4 sm:px-6"
    >
      <div className={className}>
        <h3
          id={`${id}-h-${key}`}
          tabIndex={-1}
          data-section-heading
          className="text-lg font-bold focus:outline-none"
        >
          {title}
        </h3>
        {children}
      </div>
    </section>
  );

  return (
    <Dialog
      title={`Edit Ticket: ${pkg.title}`}
      onClose={onClose}
      className="m-auto h-[min(94dvh,1000px)] max-h-none w-[min(1100px,calc(100vw-1rem))] max-w-none rounded-xl"
    >
      {translating && (
        <p className="mx-4 mt-3 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950 ring-1 ring-sky-200 sm:mx-6">
          You are editing this ticket in {LOCALE_NAMES[pageLocale]}: title, subtitle, description, facts and
          SEO. Prices, images and the stops' places are the same in every language. Emptying a field other
          than the title shows its English again.
        </p>
      )}
      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        <nav
          aria-label="Ticket editor sections"
          className="shrink-0 border-b border-stone-200 md:w-52 md:border-r md:border-b-0"
        >
          <ul className="flex flex-wrap gap-1 px-3 py-2 md:flex-col md:gap-1 md:py-4">
            {sections.map((s) => {
              const current = active === s.key;
              const changed = unsaved.includes(s);
              return (
                <li key={s.key}>
                  <button
                    type="button"
                    aria-controls={`${id}-panel-${s.key}`}
                    aria-current={current ? 'true' : undefined}
                    onClick={() => show(s.key, true)}
                    className={`flex w-full items-center gap-2 rounded-lg px-3 py-1.5 text-left text-sm font-semibold md:py-2 ${
                      current ? 'bg-brand text-white' : 'text-stone-800 hover:bg-stone-100'
                    }`}
                  >
                    {s.label}
                    {changed && (
                      <span
                        className={`h-2 w-2 shrink-0 rounded-full ${current ? 'bg-white' : 'bg-amber-500'}`}
                        title="Unsaved changes"
                      >
                        <span className="sr-only"> (unsaved changes)</span>
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>

        <div
          ref={pager}
          className="flex min-h-0 min-w-0 flex-1 snap-x snap-mandatory overflow-x-hidden overflow-y-hidden"
        >
          {panel(
            'details',
            'Details & prices',
            <>
              <label className="block text-sm font-semibold">
                Title
                <NotTranslated pkg={pkg} field="title" />
                <input
                  form={formId}
                  className={inputClass}
                  value={f.title}
                  onChange={(e) => set('title', e.target.value)}
                  required
                  aria-describedby={f.title.trim() === '' ? `${id}-title-help` : undefined}
                />
              </label>
              {f.title.trim() === '' && (
                <p id={`${id}-title-help`} className="text-sm text-red-700">
                  A title is required.
                </p>
              )}
              <label className="block text-sm font-semibold">
                Subtitle
                <NotTranslated pkg={pkg} field="type" />
                <input
                  form={formId}
                  className={inputClass}
                  value={f.type}
                  onChange={(e) => set('type', e.target.value)}
                />
              </label>
              <label className="flex items-center gap-2 text-sm font-semibold">
                <input
                  form={formId}
                  type="checkbox"
                  className="h-4 w-4 accent-brand"
                  checked={f.is_featured}
                  onChange={(e) => set('is_featured', e.target.checked)}
                />
                Featured
              </label>
              <p className="text-xs text-stone-600">Package tag: {pkg.package_tag || '—'}</p>
              <fieldset className="grid gap-3 sm:grid-cols-3">
                <legend className="mb-2 font-bold">Prices</legend>
                {priceField('adult_price', 'Adult price', true)}
                {priceField('youth_price', 'Youth price', true)}
                {priceField('off_price', 'Old price (optional, for the SAVE badge)', false)}
              </fieldset>
              <PriceHistory
                packageTag={pkg.package_tag}
                savedPrice={`${pkg.adult_price}/${pkg.youth_price}/${pkg.off_price}`}
              />
              <CategoryPrices packageTag={pkg.package_tag} />
              <CategoriesField
                formId={formId}
                value={f.categories}
                onChange={(next) => set('categories', next)}
              />
            </>,
          )}

          {panel(
            'description',
            <>
              Description
              <NotTranslated pkg={pkg} field="description" />
            </>,
            // The HTML editor of content blocks, with its live preview drawn as the ticket page draws
            // the description, so the editor sees what visitors will.
            <HtmlEditorPanes
              tag="description"
              value={f.description}
              onChange={(text) => set('description', text)}
              label="the ticket description"
              render={sanitizeContent}
              previewClassName={TICKET_DESCRIPTION_CLASSES}
              className="min-h-[26rem] flex-1 overflow-hidden rounded-lg border border-stone-300"
            />,
            'flex h-full min-h-0 flex-col gap-3',
          )}

          {panel(
            'facts',
            'Facts for buyers',
            <FactsEditor
              draft={facts}
              onChange={setFacts}
              translating={translating}
              untranslated={pkg.facts_untranslated ?? []}
              formId={formId}
            />,
          )}

          {panel(
            'images',
            'Images',
            <>
              <p className="text-sm text-stone-700">
                A chosen image replaces the current one at once (no need to save).
              </p>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
                {IMAGE_GROUPS.map((group) => {
                  const src = group.slots.map((s) => pkg[s]).find((v) => typeof v === 'string' && v) as
                    | string
                    | undefined;
                  return (
                    <li
                      key={group.key}
                      className="flex flex-col overflow-hidden rounded-lg ring-1 ring-stone-200"
                      data-testid={`image-slot-${group.key}`}
                      aria-busy={imageBusy === group.key || undefined}
                    >
                      <div className="flex aspect-[4/3] items-center justify-center bg-stone-100">
                        {src ? (
                          <img src={src} alt="" loading="lazy" className="h-full w-full object-cover" />
                        ) : (
                          <span className="text-xs text-stone-600">No image</span>
                        )}
                      </div>
                      <div className="flex flex-1 flex-col gap-2 p-2">
                        <p className="text-sm font-semibold">{group.label}</p>
                        <MediaPicker
                          label={imageBusy === group.key ? 'Saving...' : 'Replace'}
                          busy={imageBusy !== null}
                          className="mt-auto rounded-md px-2 py-1 text-xs font-semibold ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60"
                          ariaLabel={`Replace ${group.label}`}
                          allowUpload
                          onPick={(item) => replaceImage(group, item)}
                        />
                      </div>
                    </li>
                  );
                })}
              </ul>
            </>,
          )}

          {panel(
            'seo',
            'SEO',
            <div className="grid gap-3 sm:grid-cols-2">
              <label className="block text-sm font-semibold">
                Meta title
                <NotTranslated pkg={pkg} field="meta_title" />
                <input
                  form={formId}
                  className={inputClass}
                  value={f.meta_title}
                  onChange={(e) => set('meta_title', e.target.value)}
                />
              </label>
              <label className="block text-sm font-semibold">
                Meta keywords
                <NotTranslated pkg={pkg} field="meta_keywords" />
                <input
                  form={formId}
                  className={inputClass}
                  value={f.meta_keywords}
                  onChange={(e) => set('meta_keywords', e.target.value)}
                />
              </label>
              <label className="block text-sm font-semibold sm:col-span-2">
                Meta description
                <NotTranslated pkg={pkg} field="meta_description" />
                <textarea
                  form={formId}
                  className={`${inputClass} h-20`}
                  value={f.meta_description}
                  onChange={(e) => set('meta_description', e.target.value)}
                />
              </label>
              <label className="block text-sm font-semibold sm:col-span-2">
                Schema JSON
                <textarea
                  form={formId}
                  className={`${inputClass} h-40 font-mono text-xs`}
                  value={f.schema_json}
                  onChange={(e) => set('schema_json', e.target.value)}
                  aria-invalid={error?.field === 'schema' || undefined}
                  spellCheck={false}
                />
              </label>
            </div>,
          )}

          {pkg.package_tag &&
            panel(
              'availability',
              'Availability',
              <AvailabilityEditor
                pkg={pkg}
                formId={formId}
                draft={settings?.draft ?? null}
                onLoaded={onSettingsLoaded}
                onDraft={(draft) => setSettings((old) => (old ? { ...old, draft } : old))}
              />,
              'space-y-6',
            )}
        </div>
      </div>

      <footer className="border-t border-stone-200 px-4 py-3 sm:px-6">
        <form id={formId} onSubmit={save} className="flex flex-wrap items-center justify-end gap-x-3 gap-y-2">
          {error ? (
            <p role="alert" className="mr-auto text-sm font-semibold text-red-700">
              {error.text}
            </p>
          ) : (
            unsaved.length > 0 && (
              <p className="mr-auto text-sm text-stone-700" data-testid="unsaved-sections">
                Unsaved changes: {unsaved.map((s) => s.label).join(', ')}
              </p>
            )
          )}
          <button type="button" className={buttonSecondary} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={buttonPrimary} disabled={busy || f.title.trim() === ''}>
            {busy ? 'Saving...' : 'Save Changes'}
          </button>
        </form>
      </footer>
    </Dialog>
  );
}
