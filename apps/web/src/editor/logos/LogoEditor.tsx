import { type MediaItem, type PartnerLogo, validatePartnerLogo } from '@rome/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { buttonPrimary, buttonSecondary, Dialog, inputClass } from '../../components/Dialog';
import toast from '../../lib/toast';
import { FormActions } from '../media/FormActions';
import { ImageUploadModal } from '../media/ImageUploadModal';
import { Isolate } from '../media/Isolate';
import { MediaPicker } from '../media/MediaPicker';
import { allLogosQuery, createLogo, deleteLogo, LOGO_MESSAGES, type LogoInput, updateLogo } from './api';

const smallButton =
  'rounded-md px-2 py-1 text-xs font-semibold ring-1 ring-stone-300 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Spec §2 Partner logo editor ('EDIT LOGOS'): all logos with create, update, delete, activate or
 * deactivate, and move up or down (order by 1, never below 0). Every change refreshes the public strip.
 */
export function LogoEditor({ onClose }: { onClose: () => void }) {
  const client = useQueryClient();
  const logos = useQuery(allLogosQuery);
  const [form, setForm] = useState<'new' | PartnerLogo | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const list = logos.data ?? [];

  const refresh = () => client.invalidateQueries({ queryKey: ['partner-logos'] });

  async function run(id: number, work: () => Promise<unknown>, success: string) {
    setBusy(id);
    try {
      await work();
      toast.success(success);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : LOGO_MESSAGES.updateFailed);
    } finally {
      await refresh();
      setBusy(null);
    }
  }

  /**
   * Moves a logo's order by 1 (never below 0). A neighbour holding the new order takes the old one, so
   * the move always shows in the strip.
   */
  function move(logo: PartnerLogo, delta: -1 | 1) {
    const next = Math.max(0, logo.order + delta);
    if (next === logo.order) return;
    const other = list.find((l) => l.id !== logo.id && l.order === next);
    void run(
      logo.id,
      async () => {
        await updateLogo(logo.id, { order: next });
        if (other) await updateLogo(other.id, { order: logo.order });
      },
      LOGO_MESSAGES.updated,
    );
  }

  function remove(logo: PartnerLogo) {
    if (!window.confirm(LOGO_MESSAGES.deleteConfirm(logo.name))) return;
    void run(logo.id, () => deleteLogo(logo.id), LOGO_MESSAGES.deleted);
  }

  return (
    <Dialog
      title="Partner Logos"
      onClose={onClose}
      className="m-auto h-[min(92dvh,860px)] max-h-none w-[min(1000px,calc(100vw-1rem))] max-w-none rounded-xl"
      headerExtra={
        form === null && (
          <button type="button" className={buttonPrimary} onClick={() => setForm('new')}>
            Add logo
          </button>
        )
      }
    >
      <div className="min-h-0 flex-1 overflow-y-auto">
        {form !== null && (
          <LogoForm
            key={form === 'new' ? 'new' : form.id}
            logo={form === 'new' ? null : form}
            nextOrder={list.length ? Math.max(...list.map((l) => l.order)) + 1 : 0}
            onDone={async () => {
              await refresh();
              setForm(null);
            }}
            onCancel={() => setForm(null)}
          />
        )}
        <div className="px-4 py-4 sm:px-5">
          {logos.isPending ? (
            <p role="status" className="text-stone-700">
              Loading partner logos...
            </p>
          ) : logos.isError ? (
            <div>
              <p role="alert" className="font-semibold text-red-700">
                {LOGO_MESSAGES.loadFailed}
              </p>
              <button type="button" className={`${buttonSecondary} mt-3`} onClick={() => logos.refetch()}>
                Retry
              </button>
            </div>
          ) : list.length === 0 ? (
            <p className="text-stone-700">No partner logos yet. Add the first one.</p>
          ) : (
            <ol
              className="divide-y divide-stone-200 rounded-xl ring-1 ring-stone-200"
              data-testid="logo-list"
            >
              {list.map((logo) => (
                <li
                  key={logo.id}
                  className="flex flex-wrap items-center gap-3 px-3 py-3"
                  data-testid="logo-row"
                  aria-busy={busy === logo.id || undefined}
                >
                  <div className="flex h-14 w-24 shrink-0 items-center justify-center rounded-lg bg-stone-50 ring-1 ring-stone-200">
                    {logo.logo_url ? (
                      <img src={logo.logo_url} alt="" className="max-h-12 max-w-20 object-contain" />
                    ) : (
                      <span className="text-xs text-stone-600">No image</span>
                    )}
                  </div>
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="truncate font-semibold text-stone-900">{logo.name}</p>
                    <p className="truncate text-xs text-stone-700">
                      Order {logo.order}
                      {logo.website_url ? ` · ${logo.website_url}` : ''}
                    </p>
                  </div>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-bold ${
                      logo.is_active ? 'bg-green-100 text-green-800' : 'bg-stone-200 text-stone-700'
                    }`}
                  >
                    {logo.is_active ? 'Active' : 'Inactive'}
                  </span>
                  <div className="flex flex-wrap gap-1">
                    <button
                      type="button"
                      className={smallButton}
                      onClick={() => move(logo, -1)}
                      disabled={busy !== null || logo.order <= 0}
                      aria-label={`Move ${logo.name} up`}
                    >
                      ↑ Up
                    </button>
                    <button
                      type="button"
                      className={smallButton}
                      onClick={() => move(logo, 1)}
                      disabled={busy !== null}
                      aria-label={`Move ${logo.name} down`}
                    >
                      ↓ Down
                    </button>
                    <button
                      type="button"
                      className={smallButton}
                      onClick={() =>
                        run(
                          logo.id,
                          () => updateLogo(logo.id, { is_active: !logo.is_active }),
                          LOGO_MESSAGES.updated,
                        )
                      }
                      disabled={busy !== null}
                      aria-label={`${logo.is_active ? 'Deactivate' : 'Activate'} ${logo.name}`}
                    >
                      {logo.is_active ? 'Deactivate' : 'Activate'}
                    </button>
                    <button
                      type="button"
                      className={smallButton}
                      onClick={() => setForm(logo)}
                      disabled={busy !== null}
                      aria-label={`Edit ${logo.name}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className={`${smallButton} text-red-700 ring-red-200 hover:bg-red-50`}
                      onClick={() => remove(logo)}
                      disabled={busy !== null}
                      aria-label={`Delete ${logo.name}`}
                    >
                      Delete
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </Dialog>
  );
}

/** Create (logo null) or update a partner logo; updates send only the changed fields. */
function LogoForm({
  logo,
  nextOrder,
  onDone,
  onCancel,
}: {
  logo: PartnerLogo | null;
  nextOrder: number;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(logo?.name ?? '');
  const [alt, setAlt] = useState(logo?.alt_text ?? '');
  const [url, setUrl] = useState(logo?.website_url ?? '');
  const [active, setActive] = useState(logo?.is_active ?? true);
  const [order, setOrder] = useState(String(logo?.order ?? nextOrder));
  const [image, setImage] = useState<{ id: number; url: string | null } | null>(
    logo?.logo_id ? { id: logo.logo_id, url: logo.logo_url } : null,
  );
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** A library image or a new upload becomes the logo's image; its alt text fills a blank one. */
  function takeImage(item: MediaItem) {
    setImage({ id: item.id, url: item.thumbnail ?? item.file });
    if (!alt.trim() && item.alt_text) setAlt(item.alt_text);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    const input: LogoInput = {
      name: name.trim(),
      logo_id: image?.id ?? null,
      alt_text: alt.trim(),
      website_url: url.trim(),
      is_active: active,
      order: order.trim() === '' ? 0 : Number(order),
    };
    const invalid = validatePartnerLogo({ ...input, order: order.trim() });
    if (invalid) return setError(invalid);
    setBusy(true);
    try {
      if (logo) {
        const changes: Partial<LogoInput> = {};
        if (input.name !== logo.name) changes.name = input.name;
        if (input.logo_id !== logo.logo_id) changes.logo_id = input.logo_id;
        if (input.alt_text !== logo.alt_text) changes.alt_text = input.alt_text;
        if (input.website_url !== logo.website_url) changes.website_url = input.website_url;
        if (input.is_active !== logo.is_active) changes.is_active = input.is_active;
        if (input.order !== logo.order) changes.order = input.order;
        if (Object.keys(changes).length > 0) {
          await updateLogo(logo.id, changes);
          toast.success(LOGO_MESSAGES.updated);
        }
      } else {
        await createLogo(input);
        toast.success(LOGO_MESSAGES.created);
      }
      await onDone();
    } catch (err) {
      const message =
        err instanceof Error ? err.message : logo ? LOGO_MESSAGES.updateFailed : LOGO_MESSAGES.createFailed;
      setError(message);
      toast.error(message);
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="border-b border-stone-200 bg-stone-50 px-4 py-4 sm:px-5"
    >
      <h3 id={`${id}-title`} className="font-bold">
        {logo ? `Edit ${logo.name}` : 'New partner logo'}
      </h3>
      <div className="mt-3 grid gap-4 md:grid-cols-[200px_minmax(0,1fr)]">
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Logo image</legend>
          <div className="flex h-24 items-center justify-center rounded-lg bg-white ring-1 ring-stone-200">
            {image?.url ? (
              <img src={image.url} alt="Chosen logo" className="max-h-20 max-w-44 object-contain" />
            ) : (
              <span className="text-xs text-stone-600">
                {image ? `Image #${image.id}` : 'No image chosen'}
              </span>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <MediaPicker label="Choose image" className={smallButton} onPick={takeImage} />
            <button type="button" className={smallButton} onClick={() => setUploading(true)}>
              Upload image
            </button>
          </div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="block text-sm font-semibold">
            Partner name
            <input className={inputClass} value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label className="block text-sm font-semibold">
            Alt text
            <input className={inputClass} value={alt} onChange={(e) => setAlt(e.target.value)} />
          </label>
          <label className="block text-sm font-semibold">
            Website URL
            <input
              className={inputClass}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          </label>
          <label className="block text-sm font-semibold">
            Display order
            <input
              className={inputClass}
              type="number"
              min={0}
              step={1}
              value={order}
              onChange={(e) => setOrder(e.target.value)}
            />
          </label>
          <label className="flex items-center gap-2 text-sm font-semibold">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand"
              checked={active}
              onChange={(e) => setActive(e.target.checked)}
            />
            Active (shown on the home page)
          </label>
        </div>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      <FormActions
        className="mt-4"
        label={logo ? 'Save logo' : 'Create logo'}
        busyLabel="Saving..."
        busy={busy}
        onCancel={onCancel}
      />
      {uploading && (
        <Isolate>
          <ImageUploadModal
            title="Upload Logo Image"
            onClose={() => setUploading(false)}
            onUploaded={(item) => {
              takeImage(item);
              setUploading(false);
            }}
          />
        </Isolate>
      )}
    </form>
  );
}
