import {
  DEFAULT_LOCALE,
  LOCALE_NAMES,
  type MediaItem,
  type Package,
  type PackageTextField,
  parseSchemaJson,
} from '@rome/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
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

/**
 * Spec §2/§5 Ticket editor: title (required), featured flag, prices (numbers, at least 0, step 0.01),
 * SEO fields with a schema JSON that must parse, the description's HTML, and the ten images, each
 * replaced at once from the media library. Only edited fields are sent.
 */
export function TicketEditor({ pkg: initial, onClose }: { pkg: Package; onClose: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const [pkg, setPkg] = useState(initial);
  const [start] = useState(() => fieldsOf(initial));
  const [f, setF] = useState<Fields>(start);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [imageBusy, setImageBusy] = useState<string | null>(null);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setF((old) => ({ ...old, [key]: value }));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (!pkg.package_tag) {
      setError(TICKET_MESSAGES.tagMissing);
      toast.error(TICKET_MESSAGES.tagMissing);
      return;
    }
    const schema = parseSchemaJson(f.schema_json);
    if (!schema.ok) return setError(schema.error);

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

    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    setBusy(true);
    try {
      await updatePackage(pkg.package_tag, body);
      await refreshPackages(client);
      toast.success(TICKET_MESSAGES.updated);
      onClose();
    } catch (err) {
      const message = err instanceof Error ? err.message : TICKET_MESSAGES.network;
      setError(message);
      toast.error(message);
      setBusy(false);
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

  return (
    <Dialog
      title={`Edit Ticket: ${pkg.title}`}
      onClose={onClose}
      className="m-auto h-[min(94dvh,1000px)] max-h-none w-[min(1100px,calc(100vw-1rem))] max-w-none rounded-xl"
    >
      <div className="min-h-0 flex-1 overflow-y-auto">
        <form id={`${id}-form`} onSubmit={save} className="space-y-6 px-4 py-5 sm:px-6">
          {translating && (
            <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950 ring-1 ring-sky-200">
              You are editing this ticket in {LOCALE_NAMES[pageLocale]}: title, subtitle, description and SEO.
              Prices and images are the same in every language. Emptying a field other than the title shows
              its English again.
            </p>
          )}
          <section aria-labelledby={`${id}-basics`} className="space-y-3">
            <h3 id={`${id}-basics`} className="font-bold">
              Ticket
            </h3>
            <label className="block text-sm font-semibold">
              Title
              <NotTranslated pkg={pkg} field="title" />
              <input
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
              <input className={inputClass} value={f.type} onChange={(e) => set('type', e.target.value)} />
            </label>
            <label className="flex items-center gap-2 text-sm font-semibold">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand"
                checked={f.is_featured}
                onChange={(e) => set('is_featured', e.target.checked)}
              />
              Featured
            </label>
            <p className="text-xs text-stone-600">Package tag: {pkg.package_tag || '—'}</p>
          </section>

          <fieldset className="grid gap-3 sm:grid-cols-3">
            <legend className="mb-2 font-bold">Prices</legend>
            {priceField('adult_price', 'Adult price', true)}
            {priceField('youth_price', 'Youth price', true)}
            {priceField('off_price', 'Old price (optional, for the SAVE badge)', false)}
          </fieldset>

          <section aria-labelledby={`${id}-desc`}>
            <h3 id={`${id}-desc`} className="font-bold">
              Description
              <NotTranslated pkg={pkg} field="description" />
            </h3>
            {/* The HTML editor of content blocks, with its live preview drawn as the ticket page draws
                the description, so the editor sees what visitors will. */}
            <HtmlEditorPanes
              tag="description"
              value={f.description}
              onChange={(text) => set('description', text)}
              label="the ticket description"
              render={sanitizeContent}
              previewClassName={TICKET_DESCRIPTION_CLASSES}
              className="mt-2 h-[32rem] overflow-hidden rounded-lg border border-stone-300 md:h-80"
            />
          </section>

          <section aria-labelledby={`${id}-seo`} className="grid gap-3 sm:grid-cols-2">
            <h3 id={`${id}-seo`} className="font-bold sm:col-span-2">
              SEO
            </h3>
            <label className="block text-sm font-semibold">
              Meta title
              <NotTranslated pkg={pkg} field="meta_title" />
              <input
                className={inputClass}
                value={f.meta_title}
                onChange={(e) => set('meta_title', e.target.value)}
              />
            </label>
            <label className="block text-sm font-semibold">
              Meta keywords
              <NotTranslated pkg={pkg} field="meta_keywords" />
              <input
                className={inputClass}
                value={f.meta_keywords}
                onChange={(e) => set('meta_keywords', e.target.value)}
              />
            </label>
            <label className="block text-sm font-semibold sm:col-span-2">
              Meta description
              <NotTranslated pkg={pkg} field="meta_description" />
              <textarea
                className={`${inputClass} h-20`}
                value={f.meta_description}
                onChange={(e) => set('meta_description', e.target.value)}
              />
            </label>
            <label className="block text-sm font-semibold sm:col-span-2">
              Schema JSON
              <textarea
                className={`${inputClass} h-32 font-mono text-xs`}
                value={f.schema_json}
                onChange={(e) => set('schema_json', e.target.value)}
                spellCheck={false}
              />
            </label>
          </section>
        </form>

        <section aria-labelledby={`${id}-images`} className="border-t border-stone-200 px-4 py-5 sm:px-6">
          <h3 id={`${id}-images`} className="font-bold">
            Images
          </h3>
          <p className="mt-1 text-sm text-stone-700">A chosen image replaces the current one at once.</p>
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
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
        </section>

        {pkg.package_tag && <AvailabilityEditor pkg={pkg} />}
      </div>

      <footer className="flex flex-wrap items-center justify-end gap-3 border-t border-stone-200 px-4 py-3 sm:px-6">
        {error && (
          <p role="alert" className="mr-auto text-sm font-semibold text-red-700">
            {error}
          </p>
        )}
        <button type="button" className={buttonSecondary} onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button
          type="submit"
          form={`${id}-form`}
          className={buttonPrimary}
          disabled={busy || f.title.trim() === ''}
        >
          {busy ? 'Saving...' : 'Save Changes'}
        </button>
      </footer>
    </Dialog>
  );
}
