import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3_TEST_KEYS, startS3TestServer } from './s3-test-server';
import { createScratchDatabase } from './scratch-postgres';
import { spawnServer } from './spawn-server';

export type SpawnedServer = Awaited<ReturnType<typeof spawnServer>>;

/**
 * Two real app processes (issue 23) on a fresh PostgreSQL database of the server at `url` and one
 * bucket of a fresh S3-compatible server, each with its own DATA_DIR, with `env` added. `stop()`
 * ends them and removes the database, the bucket and the folders.
 */
export async function startTwoInstances(url: string, env: Record<string, string>) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-two-'));
  const s3 = await startS3TestServer();
  const bucket = await s3.newBucket();
  const database = await createScratchDatabase(url, 'glz_two');
  const { databaseUrl } = database;
  const settings = {
    DATABASE_URL: databaseUrl,
    S3_BUCKET: bucket.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: S3_TEST_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_TEST_KEYS.secretAccessKey,
    ...env,
  };
  // One after the other: the first migrates the new database, the second finds it ready.
  const a = await spawnServer(path.join(work, 'a'), settings);
  const b = await spawnServer(path.join(work, 'b'), settings);
  return {
    a,
    b,
    databaseUrl,
    /** When B had started (each instance's schedules first look 5 s after its start). */
    bStartedAt: Date.now(),
    async stop() {
      await a.stop();
      await b.stop();
      await s3.stop();
      await database.drop();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
