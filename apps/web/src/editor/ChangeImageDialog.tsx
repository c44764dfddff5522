import { SITE_LOGO_TAG } from '@rome/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { settingsQuery } from '../api/site';
import { staticContentKey } from '../components/content/api';
import { Dialog } from '../components/Dialog';
import toast from '../lib/toast';
import { clearPageImage, reasonOf, updatePageImage } from './api';
import { FormActions } from './media/FormActions';
import { ImageChooser } from './media/ImageChooser';
import { ThumbnailPicker } from './media/ThumbnailPicker';

/**
 * Spec §2 Image change: 'Change Image' then pick from the media library or upload a new image; the
 * chosen image is attached to the block's unique tag and the content is refreshed. The library's images
 * show as thumbnails to choose from and apply with 'Change Image' (a picture is chosen by sight, not by
 * its media id); the full library (search, edit, delete) and the upload apply the chosen image at once.
 */
export function ChangeImageDialog({
  tag,
  page,
  currentId,
  label,
  onClose,
}: {
  tag: string;
  page: string;
  currentId: number | null;
  label: string;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(currentId);

  /** Beside the spec: the picture off, the page's own default (a drawing or a bundled banner) back. */
  async function showDefault() {
    setError(null);
    setBusy(true);
    try {
      await clearPageImage(tag);
      await client.invalidateQueries({ queryKey: staticContentKey(page) });
      if (tag === SITE_LOGO_TAG) await client.invalidateQueries({ queryKey: settingsQuery.queryKey });
      toast.success('The default is shown again.');
      onClose();
    } catch (err) {
      setError(`Failed to update image: ${reasonOf(err, 'Failed to update page image')}`);
      setBusy(false);
    }
  }

  async function pick(id: number | null) {
    setError(null);
    if (!tag) return setError('Unique tag is required for updating image');
    if (id === null || !Number.isInteger(id) || id <= 0) return setError('Invalid image selected');
    setBusy(true);
    try {
      await updatePageImage(tag, id, page);
      await client.invalidateQueries({ queryKey: staticContentKey(page) });
      // The navigation logo's picture comes with the website settings, on every page.
      if (tag === SITE_LOGO_TAG) await client.invalidateQueries({ queryKey: settingsQuery.queryKey });
      toast.success('Image updated successfully!');
      onClose();
    } catch (err) {
      const reason = reasonOf(err, 'Failed to update page image');
      setError(`Failed to update image: ${reason}`);
      toast.error(`Failed to update image: ${reason}`);
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={`Change Image: ${label}`}
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[min(720px,calc(100vw-1rem))] max-w-none rounded-xl"
    >
      <form
        className="flex min-h-0 flex-1 flex-col"
        onSubmit={(e) => {
          e.preventDefault();
          void pick(chosen);
        }}
      >
        <div className="min-h-0 flex-1 space-y-4 overflow-y-auto pb-1">
          <ImageChooser busy={busy} onPick={pick} />
          <div className="px-5">
            <ThumbnailPicker
              value={chosen}
              currentId={currentId}
              disabled={busy}
              onChange={(item) => {
                setError(null);
                setChosen(item.id);
              }}
            />
            {currentId ? (
              <button
                type="button"
                onClick={() => void showDefault()}
                disabled={busy}
                className="mt-3 text-sm font-semibold text-sky-800 underline underline-offset-2 hover:text-sky-950"
              >
                Show the default instead
              </button>
            ) : (
              <p className="mt-2 text-sm text-stone-700">No image is set; the default is shown.</p>
            )}
          </div>
        </div>
        <div className="space-y-3 border-t border-stone-200 px-5 py-4">
          {error && (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {error}
            </p>
          )}
          <FormActions label="Change Image" busyLabel="Saving..." busy={busy} onCancel={onClose} />
        </div>
      </form>
    </Dialog>
  );
}
