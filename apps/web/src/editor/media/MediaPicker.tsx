import type { MediaItem } from '@rome/contract';
import { useState } from 'react';
import { buttonSecondary } from '../../components/Dialog';
import { Isolate } from './Isolate';
import { MediaLibraryDialog } from './MediaLibraryDialog';

/**
 * A button that opens the media library to choose one image. Spec §6: opened for an image change the
 * library allows selection, edit and delete, and no upload.
 */
export function MediaPicker({
  onPick,
  busy = false,
  label = 'Choose from media library',
  className = buttonSecondary,
  allowUpload = false,
  ariaLabel,
}: {
  onPick: (item: MediaItem) => void;
  busy?: boolean;
  label?: string;
  className?: string;
  allowUpload?: boolean;
  ariaLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        disabled={busy}
        aria-label={ariaLabel}
      >
        {label}
      </button>
      {open && (
        <Isolate>
          <MediaLibraryDialog
            onClose={() => setOpen(false)}
            mode="single"
            allowUpload={allowUpload}
            initialType="image"
            onSelect={([item]) => {
              setOpen(false);
              if (item) onPick(item);
            }}
          />
        </Isolate>
      )}
    </>
  );
}
