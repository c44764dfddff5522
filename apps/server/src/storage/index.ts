/** Picks the storage driver from the config: an S3-compatible bucket when S3_* is set, else local disk. */
import type { Config } from '../config';
import { s3Storage } from './s3';
import { localStorage, type Storage } from './storage';

export function createStorage(config: Pick<Config, 'mediaDir' | 's3'>): Storage {
  return config.s3 ? s3Storage(config.s3) : localStorage(config.mediaDir);
}
