import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Where the bucket's objects are public (S3_PUBLIC_URL). */
  publicUrl: string;
  /** The variables of a node that stores in this bucket (STORAGE_PROVIDER=s3 and S3_*). */
  env: Record<string, string>;
  /** Stops the server and removes its directory. */
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on a free loopback port, with one bucket. */
export async function startTestS3Server(bucket = 'compra-grupal-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'cg-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const publicUrl = `${endpoint}/${bucket}`;
  return {
    endpoint,
    bucket,
    publicUrl,
    env: {
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      // s3rver's fixed local credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PUBLIC_URL: publicUrl,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
