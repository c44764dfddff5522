/** Public URL of a stored file. Files are served by the media module under /media/. */
export const mediaUrl = (key: string | null | undefined): string | null => (key ? `/media/${key}` : null);
