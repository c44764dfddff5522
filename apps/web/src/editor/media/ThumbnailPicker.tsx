import type { MediaItem } from '@rome/contract';
import { useQuery } from '@tanstack/react-query';
import { Icon } from '../../components/Icon';
import { mediaQuery } from './api';

/**
 * The media library's images as thumbnails to choose one from (a radio group: arrow keys move the
 * choice, the name is each thumbnail's label), so Change Image needs no media id typed in; the full
 * library (search, edit, delete) stays one button away.
 */
export function ThumbnailPicker({
  value,
  currentId,
  onChange,
  disabled = false,
}: {
  value: number | null;
  currentId: number | null;
  onChange: (item: MediaItem) => void;
  disabled?: boolean;
}) {
  const media = useQuery(mediaQuery);
  const images = (media.data ?? []).filter((m) => m.media_type === 'image');

  return (
    <fieldset className="min-w-0" disabled={disabled}>
      <legend className="text-sm font-semibold">Pick an image</legend>
      {media.isPending ? (
        <p className="mt-2 text-sm text-stone-700" role="status">
          Loading media...
        </p>
      ) : media.isError ? (
        <p className="mt-2 text-sm font-semibold text-red-700" role="alert">
          {media.error.message}
        </p>
      ) : images.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">
          No media found. <span className="text-stone-600">Upload some media to get started</span>
        </p>
      ) : (
        <ul
          className="mt-2 grid grid-cols-2 gap-2 p-1 sm:grid-cols-3 md:grid-cols-4"
          data-testid="thumbnail-picker"
        >
          {images.map((item) => {
            const checked = value === item.id;
            return (
              <li key={item.id}>
                <label
                  className={`relative block cursor-pointer overflow-hidden rounded-lg bg-white ring-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand ${
                    checked ? 'ring-brand' : 'ring-stone-200 hover:ring-stone-400'
                  }`}
                >
                  <input
                    type="radio"
                    name="change-image-choice"
                    value={item.id}
                    checked={checked}
                    onChange={() => onChange(item)}
                    className="sr-only"
                  />
                  <img
                    src={item.thumbnail ?? item.file}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={160}
                    height={120}
                    className="aspect-[4/3] w-full bg-stone-100 object-cover"
                  />
                  <span className="block truncate px-2 py-1 text-xs font-medium text-stone-800">
                    {item.name}
                  </span>
                  {item.id === currentId && (
                    <span className="absolute top-1 left-1 rounded bg-stone-900/80 px-1.5 py-0.5 text-[11px] font-bold text-white">
                      Current
                    </span>
                  )}
                  {checked && (
                    <span
                      className="absolute top-1 right-1 flex h-6 w-6 items-center justify-center rounded-full bg-brand text-white"
                      aria-hidden="true"
                    >
                      <Icon
                        viewBox="0 0 20 20"
                        className="h-4 w-4"
                        strokeWidth={2.5}
                        strokeLinecap="round"
                        strokeLinejoin="round"
                        focusable="false"
                      >
                        <path d="M5 10.5l3 3 7-7" />
                      </Icon>
                    </span>
                  )}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
