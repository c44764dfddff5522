import { useState } from 'react';
import { buttonSecondary } from '../../components/Dialog';
import { ImageUploadModal } from './ImageUploadModal';
import { Isolate } from './Isolate';
import { MediaPicker } from './MediaPicker';

/**
 * Spec §2 Image change: pick from the media library (selection, edit and delete; no upload there,
 * spec §6) or upload a new image through the image upload modal. Either way onPick gets the media id.
 */
export function ImageChooser({ onPick, busy = false }: { onPick: (id: number) => void; busy?: boolean }) {
  const [uploading, setUploading] = useState(false);
  return (
    <div className="flex flex-wrap gap-2 px-5 pt-5" data-testid="image-chooser">
      <MediaPicker busy={busy} onPick={(item) => onPick(item.id)} />
      <button type="button" className={buttonSecondary} disabled={busy} onClick={() => setUploading(true)}>
        Upload new image
      </button>
      {uploading && (
        <Isolate>
          <ImageUploadModal
            onClose={() => setUploading(false)}
            onUploaded={(item) => {
              setUploading(false);
              onPick(item.id);
            }}
          />
        </Isolate>
      )}
    </div>
  );
}
