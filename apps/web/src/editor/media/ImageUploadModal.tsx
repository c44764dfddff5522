import { type MediaItem, uploadTooLargeMessage } from '@rome/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useSettings } from '../../api/site';
import { buttonPrimary, buttonSecondary, Dialog, inputClass } from '../../components/Dialog';
import toast from '../../lib/toast';
import { MEDIA_MESSAGES, mediaKey, UploadError, uploadMedia } from './api';
import { fileButtonClass, NameField, UploadStatus, useUploadForm } from './MediaUploadForm';

export const IMAGE_UPLOAD_MESSAGES = {
  selectImage: 'Please select an image file',
  imageOnly: 'Please select an image file only',
  name: 'Please enter a name for the image',
  failed: 'Failed to upload image',
  success: 'Image uploaded successfully!',
} as const;

/**
 * Spec §2/§5 Image upload modal: an image file (type image/*, within the size limit), a name prefilled
 * from the file name without its extension, an optional alt text (sent only when not blank). Submit
 * stays disabled without a file or a name.
 */
export function ImageUploadModal({
  onClose,
  onUploaded,
  title = 'Upload Image',
}: {
  onClose: () => void;
  onUploaded: (item: MediaItem) => void;
  title?: string;
}) {
  const id = useId();
  const client = useQueryClient();
  const settings = useSettings();
  const maxMb = settings.max_image_upload_size_mb;
  const refuse = (f: File) =>
    f.type.startsWith('image/') ? uploadTooLargeMessage(f.size, maxMb) : IMAGE_UPLOAD_MESSAGES.imageOnly;
  const form = useUploadForm(refuse);
  const { file, name, alt, setError, setProgress } = form;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (!file) return setError(IMAGE_UPLOAD_MESSAGES.selectImage);
    const refused = refuse(file);
    if (refused) return setError(refused);
    if (name.trim() === '') return setError(IMAGE_UPLOAD_MESSAGES.name);
    setProgress(0);
    try {
      const altText = alt.trim();
      const item = await uploadMedia(
        { file, name: name.trim(), media_type: 'image', ...(altText ? { alt_text: altText } : {}) },
        setProgress,
      );
      client.setQueryData<MediaItem[]>(mediaKey, (old) => (old ? [item, ...old] : old));
      void client.invalidateQueries({ queryKey: mediaKey });
      toast.success(IMAGE_UPLOAD_MESSAGES.success);
      onUploaded(item);
    } catch (err) {
      const message =
        err instanceof UploadError && err.status !== 0
          ? err.message
          : err instanceof Error && err.message === MEDIA_MESSAGES.auth
            ? err.message
            : IMAGE_UPLOAD_MESSAGES.failed;
      setError(message);
      setProgress(null);
    }
  }

  const busy = form.progress !== null;
  return (
    <Dialog title={title} onClose={onClose} className="m-auto w-[min(520px,calc(100vw-1rem))] rounded-xl">
      <form onSubmit={submit} noValidate className="space-y-4 overflow-y-auto p-5">
        <label className="block text-sm font-semibold">
          Image file
          <input
            ref={form.fileRef}
            type="file"
            accept="image/*"
            className={`${inputClass} ${fileButtonClass}`}
            onChange={(e) => form.choose(e.target.files?.[0] ?? null)}
            disabled={busy}
          />
        </label>
        {form.preview && (
          <img
            src={form.preview}
            alt="Preview of the chosen file"
            className="mx-auto max-h-48 rounded-lg object-contain ring-1 ring-stone-200"
          />
        )}
        <NameField value={name} onChange={form.setName} disabled={busy} />
        <div>
          <label className="block text-sm font-semibold">
            Alt text <span className="font-normal text-stone-600">(optional)</span>
            <input
              className={inputClass}
              value={alt}
              onChange={(e) => form.setAlt(e.target.value)}
              disabled={busy}
              aria-describedby={`${id}-alt`}
            />
          </label>
          <p id={`${id}-alt`} className="mt-1 text-xs text-stone-600">
            Describes the image for people who cannot see it.
          </p>
        </div>
        <UploadStatus error={form.error} progress={form.progress} />
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonSecondary} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={buttonPrimary} disabled={busy || !file || name.trim() === ''}>
            {busy ? 'Uploading...' : 'Upload Image'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
