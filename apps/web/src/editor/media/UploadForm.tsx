import {
  MEDIA_TYPES,
  type MediaItem,
  type MediaType,
  uploadLimit,
  uploadTooLargeMessage,
} from '@rome/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { tokenStore } from '../../api/client';
import { useSettings } from '../../api/site';
import { Dialog, inputClass } from '../../components/Dialog';
import { isMediaType, MEDIA_MESSAGES, mediaTypeOf, nameFromFile, UploadError, uploadMedia } from './api';
import { FormActions } from './FormActions';

export const IMAGE_UPLOAD_MESSAGES = {
  selectImage: 'Please select an image file',
  imageOnly: 'Please select an image file only',
  name: 'Please enter a name for the image',
  failed: 'Failed to upload image',
  success: 'Image uploaded successfully!',
} as const;

/**
 * The form's two uses and what sets them apart (besides `imageOnly`'s checks): the media library's
 * panel above its grid (spec §2/§4/§5: any file, a media type to choose, a preview box beside the
 * fields) and the image upload modal (spec §2/§5: one column, the preview under the file).
 */
const VARIANTS = {
  library: {
    fileLabel: 'File',
    submitLabel: 'Upload',
    noFile: MEDIA_MESSAGES.selectFile,
    failed: MEDIA_MESSAGES.uploadFailed,
    form: 'border-b border-stone-200 bg-stone-50 px-4 py-4 sm:px-5',
    body: 'mt-3 grid gap-4 md:grid-cols-[minmax(0,1fr)_180px]',
    fields: 'grid gap-3 sm:grid-cols-2',
    wide: 'sm:col-span-2',
    status: 'mt-3',
    actions: 'mt-4',
  },
  image: {
    fileLabel: 'Image file',
    submitLabel: 'Upload Image',
    noFile: IMAGE_UPLOAD_MESSAGES.selectImage,
    failed: IMAGE_UPLOAD_MESSAGES.failed,
    form: 'space-y-4 overflow-y-auto p-5',
    body: undefined,
    fields: 'space-y-4',
    wide: undefined,
    status: '',
    actions: '',
  },
} as const;

/**
 * The one upload form of the editor: the media library's (`title` its heading) and the image upload
 * modal's (`imageOnly`, `title` its dialog's title). Choosing a file fills the name (the file name
 * without its extension) and the media type, and shows a preview; a file over the size limit (or, for
 * `imageOnly`, not an image) is refused and the input cleared. A blank name falls back to the file
 * name, except for `imageOnly`, which needs one (and keeps the submit disabled without a file or a
 * name). The alt text is optional and sent only when not blank. After an upload the form empties and
 * `onUploaded` gets the new item; a failed upload's message shows in the form and goes to `onError`.
 */
export function UploadForm({
  title,
  imageOnly = false,
  onUploaded,
  onError,
  onCancel,
}: {
  title: string;
  /** The image upload modal: image/* files only, a name required, in a dialog of its own. */
  imageOnly?: boolean;
  onUploaded: (item: MediaItem) => void;
  onError?: (message: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const v = imageOnly ? VARIANTS.image : VARIANTS.library;
  const maxMb = useSettings().max_image_upload_size_mb;
  const limit = uploadLimit(maxMb);
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [alt, setAlt] = useState('');
  const [type, setType] = useState<MediaType>('image');
  const [error, setError] = useState<string | null>(null);
  /** Null while no upload runs. */
  const [progress, setProgress] = useState<number | null>(null);
  const preview = usePreviewUrl(file);
  const busy = progress !== null;

  const refuse = (f: File) =>
    imageOnly && !f.type.startsWith('image/')
      ? IMAGE_UPLOAD_MESSAGES.imageOnly
      : uploadTooLargeMessage(f.size, maxMb);

  function clearFile() {
    setFile(null);
    if (fileRef.current) fileRef.current.value = '';
  }

  function choose(f: File | null) {
    setError(null);
    if (!f) return setFile(null);
    const refused = refuse(f);
    if (refused) {
      clearFile();
      return setError(refused);
    }
    setFile(f);
    setName(nameFromFile(f));
    setType(mediaTypeOf(f));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (!file) return setError(v.noFile);
    const refused = refuse(file);
    if (refused) return setError(refused);
    if (imageOnly && name.trim() === '') return setError(IMAGE_UPLOAD_MESSAGES.name);
    if (!tokenStore.signedIn()) return setError(MEDIA_MESSAGES.auth);
    setProgress(0);
    try {
      const altText = alt.trim();
      const item = await uploadMedia(
        {
          file,
          name: name.trim() || nameFromFile(file),
          media_type: type,
          ...(altText ? { alt_text: altText } : {}),
        },
        setProgress,
      );
      clearFile();
      setName('');
      setAlt('');
      setType('image');
      onUploaded(item);
    } catch (err) {
      // The server's answer and the sign-in's message as they are; anything else (a network failure) in
      // the form's own words.
      const message =
        (err instanceof UploadError && err.status !== 0) ||
        (err instanceof Error && err.message === MEDIA_MESSAGES.auth)
          ? err.message
          : v.failed;
      setError(message);
      onError?.(message);
    } finally {
      setProgress(null);
    }
  }

  const form = (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={imageOnly ? undefined : `${id}-title`}
      className={v.form}
    >
      {!imageOnly && (
        <h3 id={`${id}-title`} className="text-base font-bold">
          {title}
        </h3>
      )}
      <div className={v.body}>
        <div className={v.fields}>
          <div className={v.wide}>
            <label className="block text-sm font-semibold">
              {v.fileLabel}
              <input
                ref={fileRef}
                type="file"
                accept={imageOnly ? 'image/*' : undefined}
                className={`${inputClass} bg-white file:mr-3 file:rounded file:border-0 file:bg-stone-200 file:px-3 file:py-1 file:font-semibold`}
                onChange={(e) => choose(e.target.files?.[0] ?? null)}
                aria-describedby={imageOnly ? undefined : `${id}-limit`}
                disabled={busy}
              />
            </label>
            {!imageOnly && (
              <p id={`${id}-limit`} className="mt-1 text-xs text-stone-600">
                Any file type, at most {limit.limit} {limit.unit}.
              </p>
            )}
          </div>
          {imageOnly && preview && (
            <img
              src={preview}
              alt="Preview of the chosen file"
              className="mx-auto max-h-48 rounded-lg object-contain ring-1 ring-stone-200"
            />
          )}
          <label className="block text-sm font-semibold">
            Name
            <input
              className={inputClass}
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={busy}
            />
          </label>
          {!imageOnly && (
            <label className="block text-sm font-semibold">
              Media type
              <select
                className={inputClass}
                value={type}
                onChange={(e) => isMediaType(e.target.value) && setType(e.target.value)}
                disabled={busy}
              >
                <MediaTypeOptions />
              </select>
            </label>
          )}
          <div className={v.wide}>
            <label className="block text-sm font-semibold">
              Alt text <span className="font-normal text-stone-600">(optional)</span>
              <input
                className={inputClass}
                value={alt}
                onChange={(e) => setAlt(e.target.value)}
                disabled={busy}
                aria-describedby={imageOnly ? `${id}-alt` : undefined}
              />
            </label>
            {imageOnly && (
              <p id={`${id}-alt`} className="mt-1 text-xs text-stone-600">
                Describes the image for people who cannot see it.
              </p>
            )}
          </div>
        </div>
        {!imageOnly && <Preview file={file} url={preview} />}
      </div>
      {error && (
        <p role="alert" className={`${v.status} text-sm font-semibold text-red-700`}>
          {error}
        </p>
      )}
      {progress !== null && (
        <div className={`${v.status} flex items-center gap-3`} role="status">
          <progress
            max={100}
            value={progress}
            className="h-2 w-48 accent-brand"
            aria-label="Upload progress"
          />
          <span className="text-sm text-stone-700">Uploading... {progress}%</span>
        </div>
      )}
      <FormActions
        className={v.actions}
        label={v.submitLabel}
        busyLabel="Uploading..."
        busy={busy}
        submitDisabled={imageOnly && (!file || name.trim() === '')}
        onCancel={onCancel}
      />
    </form>
  );

  return imageOnly ? (
    <Dialog title={title} onClose={onCancel} className="m-auto w-[min(520px,calc(100vw-1rem))] rounded-xl">
      {form}
    </Dialog>
  ) : (
    form
  );
}

/** The media types as a select's options (Image, Video, Other): the upload's and the library's filter. */
export function MediaTypeOptions() {
  return (
    <>
      {MEDIA_TYPES.map((t) => (
        <option key={t} value={t}>
          {t[0].toUpperCase() + t.slice(1)}
        </option>
      ))}
    </>
  );
}

/** An object URL for the chosen file, revoked when the file changes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

/** The library's preview box: the chosen image, or the name of a video or other file. */
function Preview({ file, url }: { file: File | null; url: string | null }) {
  return (
    <div
      className="flex aspect-square w-32 items-center md:w-full md:max-w-[180px] justify-center overflow-hidden rounded-lg bg-white ring-1 ring-stone-200"
      data-testid="upload-preview"
    >
      {!file || !url ? (
        <span className="px-2 text-center text-xs text-stone-600">No file chosen</span>
      ) : file.type.startsWith('image/') ? (
        <img src={url} alt="Preview of the chosen file" className="h-full w-full object-contain" />
      ) : (
        // Videos and other files show their name (the page's CSP keeps blob: media out of <video>).
        <span className="px-2 text-center text-xs break-all text-stone-700">{file.name}</span>
      )}
    </div>
  );
}
