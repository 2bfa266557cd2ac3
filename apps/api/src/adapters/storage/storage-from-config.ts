import { join, resolve } from 'node:path';
import type { Config } from '../../config';
import { createLocalDiskStorage } from './local-disk-storage';
import { createS3Storage } from './s3-storage';
import type { StoragePort } from './storage.port';

export const uploadsDirOf = (config: Config) => join(resolve(config.DATA_DIR), 'uploads');

/** Local disk under DATA_DIR by default; an S3-compatible bucket with STORAGE_PROVIDER=s3. */
export function createStorage(config: Config): StoragePort {
  if (config.STORAGE_PROVIDER !== 's3') return createLocalDiskStorage(uploadsDirOf(config));
  // Both are required by the configuration's own check when the provider is s3.
  const { S3_BUCKET: bucket = '', S3_PUBLIC_URL: publicUrl = '' } = config;
  return createS3Storage({
    bucket,
    publicUrl,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}
