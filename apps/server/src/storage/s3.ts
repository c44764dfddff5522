/** The S3-compatible driver (AWS S3, MinIO, Cloudflare R2, ...) behind the same Storage interface. */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { isSafeKey, type Storage } from './storage';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** Another endpoint than AWS (MinIO, R2, a test stand-in). */
  endpoint?: string;
  /** Address objects as /bucket/key instead of bucket.host/key (MinIO and most stand-ins need it). */
  forcePathStyle?: boolean;
  accessKeyId: string;
  secretAccessKey: string;
  /** A folder inside the bucket, e.g. 'media/'. */
  prefix?: string;
};

/** A missing object (NoSuchKey, or a bare 404); a missing bucket is a misconfiguration and still throws. */
const isMissing = (err: unknown): boolean =>
  err instanceof S3ServiceException &&
  err.name !== 'NoSuchBucket' &&
  (err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404);

export function s3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const prefix = options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '';
  const objectKey = (key: string) => {
    if (!isSafeKey(key)) throw new Error('Invalid storage key');
    return prefix + key;
  };
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
          // Keys are random and never rewritten, so the bytes behind one never change.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        if (!res.Body) return null;
        const body = res.Body;
        // In Node the SDK hands back the http response (a Readable); the web-stream path is a fallback.
        const stream =
          body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
        return { stream, size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },
  };
}
