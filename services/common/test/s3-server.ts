import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** An S3-compatible server on the loopback interface, started by a test, with one bucket. */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
  /** The `STORAGE_S3_*` settings of a service that keeps its files there. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts s3rver (the maintained `@20minutes/s3rver` fork, with multipart uploads; decision 0049) on a free port,
 * its objects in a temporary folder removed by `close`. It refuses an unknown access key, but its own signature
 * check takes the canonical path of a bucket request (a listing) without the `/` after the bucket that the AWS
 * SDK v3 signs, so signatures are not compared: signing is the SDK's, not ours.
 */
export async function startTestS3Server(bucket = 'agora'): Promise<TestS3Server> {
  const { default: S3rver } = await import('@20minutes/s3rver');
  const directory = await mkdtemp(path.join(os.tmpdir(), 'agora-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    allowMismatchedSignatures: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's one account
  const credentials = { region: 'us-east-1', accessKey: 'S3RVER', secretKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    ...credentials,
    env: {
      STORAGE_S3_ENDPOINT: endpoint,
      STORAGE_S3_BUCKET: bucket,
      STORAGE_S3_REGION: credentials.region,
      STORAGE_S3_ACCESS_KEY: credentials.accessKey,
      STORAGE_S3_SECRET_KEY: credentials.secretKey,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
