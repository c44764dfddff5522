import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { staticContentKey } from '../features/content/api';
import { reasonOf, updatePageImage } from './api';
import { buttonPrimary, buttonSecondary, Dialog, inputClass } from './Dialog';
import { ImageChooser } from './media/ImageChooser';

/**
 * Spec §2 Image change: attaches a media item to the image's unique tag and refreshes the content.
 * Until the media library lands (issue 6) the editor types the media id; `ImagePicker` is the part the
 * library picker replaces: anything that calls onPick(id) works here.
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

  async function pick(id: number | null) {
    setError(null);
    if (!tag) return setError('Unique tag is required for updating image');
    if (id === null || !Number.isInteger(id) || id <= 0) return setError('Invalid image selected');
    setBusy(true);
    try {
      await updatePageImage(tag, id, page);
      await client.invalidateQueries({ queryKey: staticContentKey(page) });
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
      className="m-auto w-[min(480px,calc(100vw-1rem))] rounded-xl"
    >
      <ImageChooser busy={busy} onPick={pick} />
      <ImagePicker currentId={currentId} busy={busy} error={error} onPick={pick} onCancel={onClose} />
    </Dialog>
  );
}

/** The stand-in picker: a media id. */
function ImagePicker({
  currentId,
  busy,
  error,
  onPick,
  onCancel,
}: {
  currentId: number | null;
  busy: boolean;
  error: string | null;
  onPick: (id: number | null) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(currentId ? String(currentId) : '');
  return (
    <form
      className="space-y-4 p-5"
      onSubmit={(e) => {
        e.preventDefault();
        const n = Number(value);
        onPick(value.trim() === '' || !Number.isInteger(n) ? null : n);
      }}
    >
      <label className="block text-sm font-semibold">
        Media id
        <input
          className={inputClass}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby="media-id-help"
          required
        />
      </label>
      <p id="media-id-help" className="text-sm text-stone-700">
        The id of an image in the media library.{' '}
        {currentId ? `The current image is #${currentId}.` : 'No image is set; the default is shown.'}
      </p>
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className={buttonSecondary} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className={buttonPrimary} disabled={busy}>
          {busy ? 'Saving...' : 'Change Image'}
        </button>
      </div>
    </form>
  );
}
