import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../files/s3-file-store';

/** s3rver's one account: it refuses other key ids (and, unlike AWS, checks no v4 signature). */
export const S3_TEST_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  /** Settings for a store in a fresh, empty bucket of this server. */
  newBucket(): Promise<S3Settings>;
  endpoint: string;
  /** Where the server keeps its buckets on disk (to prove what is, and is not, stored). */
  directory: string;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server on a random local port (s3rver from npm: the S3 REST API over
 * HTTP, objects on disk), never a stand-in inside our process's S3 client
 * (docs/decisions/025-s3-file-store.md).
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const { S3Client, CreateBucketCommand } = await import('@aws-sdk/client-s3');
  return {
    endpoint,
    directory,
    async newBucket() {
      const settings: S3Settings = {
        bucket: `glz-${randomBytes(6).toString('hex')}`,
        endpoint,
        region: 'us-east-1',
        credentials: S3_TEST_KEYS,
        forcePathStyle: true,
      };
      const client = new S3Client({ ...settings });
      try {
        await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
      } finally {
        client.destroy();
      }
      return settings;
    },
    async stop() {
      // Kept-alive client sockets would hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
