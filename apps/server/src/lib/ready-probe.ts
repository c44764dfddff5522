/**
 * What a readiness check writes to a folder to learn whether it takes files: as large as a small upload
 * or a ticket e-mail, since an empty file takes no block and so passes on a full disk.
 */
export const READY_PROBE = Buffer.alloc(64 * 1024, 'r');
