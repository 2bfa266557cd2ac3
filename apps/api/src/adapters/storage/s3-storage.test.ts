import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server';
import { createS3Storage } from './s3-storage';
import type { StoragePort } from './storage.port';

const BUCKET = 'compra-grupal-test';
let s3: TestS3Server;
let storage: StoragePort;

beforeAll(async () => {
  s3 = await startTestS3Server(BUCKET);
  storage = createS3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    publicUrl: `${s3.publicUrl}/`,
  });
});
afterAll(() => s3.close());

describe('S3-compatible storage (against a local S3 server)', () => {
  it('stores a file, answers its public URL, serves it with its type and removes it', async () => {
    const data = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    const url = await storage.save('tiendas/logo-de-prueba.jpg', data, 'image/jpeg');
    expect(url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:\\d+/${BUCKET}/tiendas/logo-de-prueba\\.jpg$`),
    );

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(data);

    await storage.delete('tiendas/logo-de-prueba.jpg');
    expect((await fetch(url)).status).toBe(404);
    // Removing what is not there is not an error.
    await expect(storage.delete('tiendas/logo-de-prueba.jpg')).resolves.toBeUndefined();
  });
});
