import {
  MEDIA_TYPES,
  type MediaItem,
  type MediaType,
  uploadLimit,
  uploadTooLargeMessage,
} from '@rome/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { tokenStore } from '../../api/client';
import { buttonPrimary, buttonSecondary, inputClass } from '../../components/Dialog';
import { isMediaType, MEDIA_MESSAGES, mediaTypeOf, nameFromFile, uploadMedia } from './api';

/**
 * Spec §2/§4/§5 media library upload form: choosing a file fills the name (file name without its
 * extension) and the media type (image, video or other; editable), and shows a preview. A file over
 * the limit is rejected and the input cleared. After an upload the form resets.
 */
export function MediaUploadForm({
  maxMb,
  onUploaded,
  onError,
  onCancel,
}: {
  maxMb: number | undefined;
  onUploaded: (item: MediaItem) => void;
  onError: (message: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const refuse = (f: File) => uploadTooLargeMessage(f.size, maxMb);
  const form = useUploadForm(refuse);
  const { file, name, alt, setError, setProgress } = form;
  const [type, setType] = useState<MediaType>('image');
  const limit = uploadLimit(maxMb);

  function choose(f: File | null) {
    if (form.choose(f) && f) setType(mediaTypeOf(f));
  }

  function reset() {
    form.reset();
    setType('image');
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (!file) return setError(MEDIA_MESSAGES.selectFile);
    const refused = refuse(file);
    if (refused) return setError(refused);
    if (!tokenStore.signedIn()) return setError(MEDIA_MESSAGES.auth);
    setProgress(0);
    try {
      const item = await uploadMedia(
        { file, name: name.trim() || nameFromFile(file), alt_text: alt.trim(), media_type: type },
        setProgress,
      );
      reset();
      onUploaded(item);
    } catch (err) {
      const message = err instanceof Error ? err.message : MEDIA_MESSAGES.uploadFailed;
      setError(message);
      onError(message);
    } finally {
      setProgress(null);
    }
  }

  const busy = form.progress !== null;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="border-b border-stone-200 bg-stone-50 px-4 py-4 sm:px-5"
    >
      <h3 id={`${id}-title`} className="text-base font-bold">
        Upload media
      </h3>
      <div className="mt-3 grid gap-4 md:grid-cols-[minmax(0,1fr)_180px]">
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <label className="block text-sm font-semibold">
              File
              <input
                ref={form.fileRef}
                type="file"
                className={`${inputClass} bg-white ${fileButtonClass}`}
                onChange={(e) => choose(e.target.files?.[0] ?? null)}
                aria-describedby={`${id}-limit`}
                disabled={busy}
              />
            </label>
            <p id={`${id}-limit`} className="mt-1 text-xs text-stone-600">
              Any file type, at most {limit.limit} {limit.unit}.
            </p>
          </div>
          <NameField value={name} onChange={form.setName} disabled={busy} />
          <label className="block text-sm font-semibold">
            Media type
            <select
              className={inputClass}
              value={type}
              onChange={(e) => isMediaType(e.target.value) && setType(e.target.value)}
              disabled={busy}
            >
              {MEDIA_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t[0].toUpperCase() + t.slice(1)}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-semibold sm:col-span-2">
            Alt text <span className="font-normal text-stone-600">(optional)</span>
            <input
              className={inputClass}
              value={alt}
              onChange={(e) => form.setAlt(e.target.value)}
              disabled={busy}
            />
          </label>
        </div>
        <Preview file={file} url={form.preview} />
      </div>
      <UploadStatus error={form.error} progress={form.progress} className="mt-3" />
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonSecondary} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className={buttonPrimary} disabled={busy}>
          {busy ? 'Uploading...' : 'Upload'}
        </button>
      </div>
    </form>
  );
}

/** The file input's own button in both upload forms. */
export const fileButtonClass =
  'file:mr-3 file:rounded file:border-0 file:bg-stone-200 file:px-3 file:py-1 file:font-semibold';

/**
 * What both upload forms (the library's and the image modal's) keep while an editor fills them: the
 * chosen file and its preview, the name and alt text, the error and, while an upload runs, its
 * progress. `choose` takes what the file input hands over: a file `refuse` has a message for is
 * dropped, the input cleared and the message shown; a file taken fills the name (the file name
 * without its extension), and `choose` answers true.
 */
export function useUploadForm(refuse: (file: File) => string | null | undefined) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const preview = usePreviewUrl(file);

  function clearFile() {
    setFile(null);
    if (fileRef.current) fileRef.current.value = '';
  }

  function choose(f: File | null): boolean {
    setError(null);
    if (!f) {
      setFile(null);
      return false;
    }
    const refused = refuse(f);
    if (refused) {
      clearFile();
      setError(refused);
      return false;
    }
    setFile(f);
    setName(nameFromFile(f));
    return true;
  }

  /** Empty again, as before a file was chosen. */
  function reset() {
    clearFile();
    setName('');
    setAlt('');
    setError(null);
  }

  return {
    fileRef,
    file,
    name,
    setName,
    alt,
    setAlt,
    error,
    setError,
    progress,
    setProgress,
    preview,
    choose,
    reset,
  };
}

/** The upload's name field: both forms. */
export function NameField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (name: string) => void;
  disabled: boolean;
}) {
  return (
    <label className="block text-sm font-semibold">
      Name
      <input
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
      />
    </label>
  );
}

/** An upload's error and, while it runs, its progress: both upload forms (library and image modal). */
export function UploadStatus({
  error,
  progress,
  className = '',
}: {
  error: string | null;
  /** Null while no upload runs. */
  progress: number | null;
  className?: string;
}) {
  return (
    <>
      {error && (
        <p role="alert" className={`${className} text-sm font-semibold text-red-700`}>
          {error}
        </p>
      )}
      {progress !== null && (
        <div className={`${className} flex items-center gap-3`} role="status">
          <progress
            max={100}
            value={progress}
            className="h-2 w-48 accent-brand"
            aria-label="Upload progress"
          />
          <span className="text-sm text-stone-700">Uploading... {progress}%</span>
        </div>
      )}
    </>
  );
}

/** An object URL for the chosen file, revoked when the file changes. */
export function usePreviewUrl(file: File | null): string | null {
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
