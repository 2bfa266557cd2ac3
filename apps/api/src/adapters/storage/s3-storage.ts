import type { S3Client } from '@aws-sdk/client-s3';
import type { StoragePort } from './storage.port';

/** How long reading an object back may take. */
const LECTURA_MS = 5_000;

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
  // The SDK loads with the first upload: a process that stores nothing (or stores on disk)
  // does not pay its import.
  let sdk: Promise<{ s3: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const conSdk = () => {
    sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
        ...(options.credentials ? { credentials: options.credentials } : {}),
      }),
    }));
    return sdk;
  };
  const publicUrl = options.publicUrl.replace(/\/$/, '');
  return {
    async save(key, data, contentType) {
      const { s3, client } = await conSdk();
      await client.send(
        new s3.PutObjectCommand({
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
      const { s3, client } = await conSdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
    async read(url) {
      if (!url.startsWith(`${publicUrl}/`)) return undefined;
      const key = decodeURIComponent(url.slice(publicUrl.length + 1));
      const { s3, client } = await conSdk();
      try {
        const object = await client.send(
          new s3.GetObjectCommand({ Bucket: options.bucket, Key: key }),
          // A share card waits this long for its photo at most (CONVENTIONS rule 21).
          { abortSignal: AbortSignal.timeout(LECTURA_MS) },
        );
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (error instanceof s3.NoSuchKey) return undefined;
        throw error;
      }
    },
  };
}
