import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { StoragePort } from './storage.port';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, a local server in tests); absent for AWS. */
  endpoint?: string | undefined;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where the bucket's objects are public, without a final slash. */
  publicUrl: string;
}

/**
 * Files in an S3-compatible bucket. Keys are never reused (the uploads name each file anew),
 * so every object is served as immutable for a year.
 */
export function createS3Storage(options: S3StorageOptions): StoragePort {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const publicUrl = options.publicUrl.replace(/\/$/, '');
  return {
    async save(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return `${publicUrl}/${key}`;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
  };
}
