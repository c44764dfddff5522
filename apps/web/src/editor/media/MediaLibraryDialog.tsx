import { type MediaItem, type MediaType, uploadLimit } from '@rome/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSettings } from '../../api/site';
import { buttonPrimary, buttonSecondary, Dialog, inputClass } from '../../components/Dialog';
import {
  deleteMedia,
  isMediaType,
  MEDIA_MESSAGES,
  mediaKey,
  mediaQuery,
  readableSize,
  sizeTone,
  updatedMessage,
  updateMedia,
} from './api';
import { MediaTypeOptions, UploadForm } from './UploadForm';

export type MediaLibraryProps = {
  onClose: () => void;
  /** Spec §2: 'Media Library' unless told otherwise. */
  title?: string;
  /** One item (chosen at once) or several (chosen with the footer button). */
  mode?: 'single' | 'multiple';
  /** Spec §6: the library's flags, all on by default. */
  allowSelect?: boolean;
  allowUpload?: boolean;
  allowEdit?: boolean;
  allowDelete?: boolean;
  /** The type filter to start with (a picker for images starts on 'image'). */
  initialType?: 'all' | MediaType;
  onSelect?: (items: MediaItem[]) => void;
};

type Notice = { kind: 'success' | 'error'; text: string };
const NOTICE_MS = 5000;

const toneClass = { red: 'text-red-700', orange: 'text-orange-700', green: 'text-green-700' } as const;

/**
 * Spec §2 Media library dialog: full screen, search by name, type filter, a grid of 2 to 5 columns,
 * upload form, inline edit, delete, single or multiple selection. Notices vanish after 5 seconds.
 */
export function MediaLibraryDialog({
  onClose,
  title = 'Media Library',
  mode = 'single',
  allowSelect = true,
  allowUpload = true,
  allowEdit = true,
  allowDelete = true,
  initialType = 'all',
  onSelect,
}: MediaLibraryProps) {
  const id = useId();
  const client = useQueryClient();
  const media = useQuery(mediaQuery);
  const settings = useSettings();
  const limit = uploadLimit(settings.max_image_upload_size_mb);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<'all' | MediaType>(initialType);
  const [showUpload, setShowUpload] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const canSelect = allowSelect && Boolean(onSelect);

  function notify(kind: Notice['kind'], text: string) {
    clearTimeout(timer.current);
    setNotice({ kind, text });
    timer.current = setTimeout(() => setNotice(null), NOTICE_MS);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const items = media.data ?? [];
  const filtering = search.trim() !== '' || type !== 'all';
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return items.filter(
      (m) => (type === 'all' || m.media_type === type) && (!q || m.name.toLowerCase().includes(q)),
    );
  }, [items, search, type]);

  async function remove(item: MediaItem) {
    if (!window.confirm(MEDIA_MESSAGES.deleteConfirm(item.name))) return;
    try {
      await deleteMedia(item.id);
      client.setQueryData<MediaItem[]>(mediaKey, (old) => old?.filter((m) => m.id !== item.id));
      setSelected((s) => s.filter((x) => x !== item.id));
      notify('success', MEDIA_MESSAGES.deleted);
    } catch (err) {
      notify('error', err instanceof Error ? err.message : MEDIA_MESSAGES.deleteFailed);
    }
  }

  async function save(item: MediaItem, next: { name: string; alt_text: string }) {
    const changes: Partial<Record<'name' | 'alt_text', string>> = {};
    if (next.name.trim() !== item.name) changes.name = next.name.trim();
    if (next.alt_text.trim() !== (item.alt_text ?? '')) changes.alt_text = next.alt_text.trim();
    const fields = Object.keys(changes);
    if (fields.length === 0) {
      setEditing(null);
      return;
    }
    try {
      const data = await updateMedia(item.id, changes);
      client.setQueryData<MediaItem[]>(mediaKey, (old) =>
        old?.map((m) => (m.id === item.id ? { ...m, ...changes, ...(data ?? {}) } : m)),
      );
      setEditing(null);
      notify('success', updatedMessage(fields));
    } catch (err) {
      notify('error', err instanceof Error ? err.message : MEDIA_MESSAGES.updateFailed);
    }
  }

  function choose(item: MediaItem) {
    if (mode === 'single') {
      onSelect?.([item]);
      return;
    }
    setSelected((s) => (s.includes(item.id) ? s.filter((x) => x !== item.id) : [...s, item.id]));
  }

  return (
    <Dialog
      title={title}
      onClose={onClose}
      className="m-0 h-dvh max-h-none w-screen max-w-none"
      headerExtra={
        allowUpload && (
          <button
            type="button"
            className={buttonPrimary}
            aria-expanded={showUpload}
            onClick={() => setShowUpload((v) => !v)}
          >
            {showUpload ? 'Close upload' : 'Upload'}
          </button>
        )
      }
    >
      <div className="min-h-0 flex-1 overflow-y-auto">
        {allowUpload && showUpload && (
          <UploadForm
            title="Upload media"
            onUploaded={(item) => {
              client.setQueryData<MediaItem[]>(mediaKey, (old) => [item, ...(old ?? [])]);
              void client.invalidateQueries({ queryKey: mediaKey });
              notify('success', MEDIA_MESSAGES.uploaded);
              setShowUpload(false);
            }}
            onError={(message) => notify('error', message)}
            onCancel={() => setShowUpload(false)}
          />
        )}

        <div className="sticky top-0 z-10 flex flex-wrap items-end gap-3 border-b border-stone-200 bg-white px-4 py-3 sm:px-5">
          <label className="block min-w-0 flex-1 basis-48 text-sm font-semibold">
            Search by name
            <input
              type="search"
              className={inputClass}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search media..."
            />
          </label>
          <label className="block basis-36 text-sm font-semibold">
            Type
            <select
              className={inputClass}
              value={type}
              onChange={(e) => {
                const v = e.target.value;
                setType(v === 'all' || isMediaType(v) ? v : 'all');
              }}
            >
              <option value="all">All</option>
              <MediaTypeOptions />
            </select>
          </label>
          <div aria-live="polite" className="basis-full empty:hidden">
            {notice && (
              <p
                role={notice.kind === 'error' ? 'alert' : 'status'}
                data-testid="media-notice"
                className={`rounded-lg px-3 py-2 text-sm font-semibold ${
                  notice.kind === 'error' ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-800'
                }`}
              >
                {notice.text}
              </p>
            )}
          </div>
        </div>

        <div className="px-4 py-4 sm:px-5">
          {media.isPending ? (
            <div aria-busy="true">
              <p role="status" className="sr-only">
                Loading media...
              </p>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5">
                {Array.from({ length: 10 }, (_, i) => (
                  <li key={i} className="aspect-[4/5] animate-pulse rounded-xl bg-stone-200" />
                ))}
              </ul>
            </div>
          ) : media.isError ? (
            <div className="py-12 text-center">
              <p role="alert" className="font-semibold text-red-700">
                {media.error.message || MEDIA_MESSAGES.loadFailed}
              </p>
              <button type="button" className={`${buttonSecondary} mt-4`} onClick={() => media.refetch()}>
                Retry
              </button>
            </div>
          ) : shown.length === 0 ? (
            <div className="py-16 text-center" data-testid="media-empty">
              <p className="text-lg font-bold text-stone-800">No media found</p>
              <p className="mt-1 text-stone-700">
                {filtering ? 'Try adjusting your search or filter' : 'Upload some media to get started'}
              </p>
            </div>
          ) : (
            <ul
              className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5"
              aria-label={`${shown.length} media items`}
              data-testid="media-grid"
            >
              {shown.map((item) => (
                <MediaCard
                  key={item.id}
                  item={item}
                  tone={toneClass[sizeTone(item.file_size ?? item.size, limit.bytes)]}
                  editing={editing === item.id}
                  selected={selected.includes(item.id)}
                  mode={mode}
                  canSelect={canSelect}
                  canEdit={allowEdit}
                  canDelete={allowDelete}
                  onChoose={() => choose(item)}
                  onEdit={() => setEditing(item.id)}
                  onCancelEdit={() => setEditing(null)}
                  onSave={(next) => save(item, next)}
                  onDelete={() => remove(item)}
                />
              ))}
            </ul>
          )}
        </div>
      </div>

      {canSelect && mode === 'multiple' && (
        <footer className="flex items-center justify-between gap-3 border-t border-stone-200 px-4 py-3 sm:px-5">
          <p className="text-sm text-stone-700" id={`${id}-count`}>
            {selected.length} selected
          </p>
          <div className="flex gap-2">
            <button type="button" className={buttonSecondary} onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              className={buttonPrimary}
              disabled={selected.length === 0}
              aria-describedby={`${id}-count`}
              onClick={() => onSelect?.(items.filter((m) => selected.includes(m.id)))}
            >
              Use selected
            </button>
          </div>
        </footer>
      )}
    </Dialog>
  );
}

function MediaCard({
  item,
  tone,
  editing,
  selected,
  mode,
  canSelect,
  canEdit,
  canDelete,
  onChoose,
  onEdit,
  onCancelEdit,
  onSave,
  onDelete,
}: {
  item: MediaItem;
  tone: string;
  editing: boolean;
  selected: boolean;
  mode: 'single' | 'multiple';
  canSelect: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onChoose: () => void;
  onEdit: () => void;
  onCancelEdit: () => void;
  onSave: (next: { name: string; alt_text: string }) => Promise<void>;
  onDelete: () => void;
}) {
  const size = item.file_size ?? item.size;
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-xl bg-white ring-1 ${
        selected ? 'ring-4 ring-sky-600' : 'ring-stone-200'
      }`}
      data-testid="media-item"
      data-media-id={item.id}
    >
      <Thumb item={item} />
      <div className="flex flex-1 flex-col gap-1 p-2">
        {editing ? (
          <InlineEdit item={item} onSave={onSave} onCancel={onCancelEdit} />
        ) : (
          <>
            <p className="truncate text-sm font-semibold text-stone-900" title={item.name}>
              {item.name}
            </p>
            <p className="flex items-center justify-between gap-2 text-xs">
              <span className={`font-semibold ${tone}`} data-testid="media-size">
                {readableSize(size)}
              </span>
              <span className="rounded bg-stone-100 px-1.5 py-0.5 text-stone-700">{item.media_type}</span>
            </p>
            <div className="mt-auto flex flex-wrap gap-1 pt-1">
              {canSelect && (
                <button
                  type="button"
                  onClick={onChoose}
                  aria-pressed={mode === 'multiple' ? selected : undefined}
                  aria-label={`Select ${item.name}`}
                  className="flex-1 rounded-md bg-brand px-2 py-1 text-xs font-semibold text-white hover:bg-brand-dark"
                >
                  {mode === 'multiple' && selected ? 'Selected' : 'Select'}
                </button>
              )}
              {canEdit && (
                <button
                  type="button"
                  onClick={onEdit}
                  aria-label={`Edit ${item.name}`}
                  className="rounded-md px-2 py-1 text-xs font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100"
                >
                  Edit
                </button>
              )}
              {canDelete && (
                <button
                  type="button"
                  onClick={onDelete}
                  aria-label={`Delete ${item.name}`}
                  className="rounded-md px-2 py-1 text-xs font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                >
                  Delete
                </button>
              )}
            </div>
          </>
        )}
      </div>
    </li>
  );
}

function Thumb({ item }: { item: MediaItem }) {
  const src = item.media_type === 'image' ? (item.thumbnail ?? item.file) : item.thumbnail;
  return (
    <div className="flex aspect-[4/3] items-center justify-center bg-stone-100">
      {src ? (
        <img
          src={src}
          alt={item.alt_text ?? ''}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
      ) : (
        <span className="text-xs font-bold tracking-wide text-stone-600 uppercase" aria-hidden="true">
          {item.media_type === 'video' ? '▶ Video' : (item.content_type.split('/')[1] ?? 'File')}
        </span>
      )}
    </div>
  );
}

/** Enter or Save commits, Escape or Cancel aborts (spec §4). */
function InlineEdit({
  item,
  onSave,
  onCancel,
}: {
  item: MediaItem;
  onSave: (next: { name: string; alt_text: string }) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(item.name);
  const [alt, setAlt] = useState(item.alt_text ?? '');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-col gap-1.5"
      aria-label={`Edit ${item.name}`}
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        await onSave({ name, alt_text: alt });
        setBusy(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          // Aborts the edit only; the dialog stays open.
          e.preventDefault();
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <label className="text-xs font-semibold">
        Name
        <input
          className="mt-0.5 block w-full rounded border border-stone-300 px-2 py-1 text-sm"
          value={name}
          onChange={(e) => setName(e.target.value)}
          // biome-ignore lint/a11y/noAutofocus: the edit opens on the field the editor asked for
          autoFocus
          required
        />
      </label>
      <label className="text-xs font-semibold">
        Alt text
        <input
          className="mt-0.5 block w-full rounded border border-stone-300 px-2 py-1 text-sm"
          value={alt}
          onChange={(e) => setAlt(e.target.value)}
        />
      </label>
      <div className="flex gap-1">
        <button
          type="submit"
          disabled={busy || name.trim() === ''}
          className="flex-1 rounded-md bg-brand px-2 py-1 text-xs font-semibold text-white disabled:opacity-60"
        >
          Save
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="flex-1 rounded-md px-2 py-1 text-xs font-semibold ring-1 ring-stone-300"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
