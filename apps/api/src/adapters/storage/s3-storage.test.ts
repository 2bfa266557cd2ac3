import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3-storage';
import type { StoragePort } from './storage.port';

const BUCKET = 'compra-grupal-test';
let server: S3rver;
let directory: string;
let storage: StoragePort;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'cg-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  storage = createS3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    // s3rver's fixed local credentials.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    publicUrl: `${endpoint}/${BUCKET}/`,
  });
});
afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

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
