import type { MediaItem } from '@rome/contract';
import { useQueryClient } from '@tanstack/react-query';
import toast from '../../lib/toast';
import { mediaKey } from './api';
import { IMAGE_UPLOAD_MESSAGES, UploadForm } from './UploadForm';

/**
 * Spec §2/§5 Image upload modal: the upload form for images only (UploadForm `imageOnly`). An upload
 * joins the media library's list and says 'Image uploaded successfully!'.
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
  const client = useQueryClient();
  return (
    <UploadForm
      imageOnly
      title={title}
      onCancel={onClose}
      onUploaded={(item) => {
        client.setQueryData<MediaItem[]>(mediaKey, (old) => (old ? [item, ...old] : old));
        void client.invalidateQueries({ queryKey: mediaKey });
        toast.success(IMAGE_UPLOAD_MESSAGES.success);
        onUploaded(item);
      }}
    />
  );
}
