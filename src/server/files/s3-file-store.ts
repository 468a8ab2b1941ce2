import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  clearStaleTemp,
  FileNotFoundError,
  StorageUnavailableError,
  TEMP_FOLDER_PREFIX,
  type FileStore,
  type StoredFile,
} from './file-store';

export interface S3Settings {
  bucket: string;
  /** Another provider's or one's own server; AWS when absent. */
  endpoint?: string;
  region: string;
  /** Absent: the SDK's own chain (AWS_* variables, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

/** The SDK, loaded only when a bucket is configured (a shop on local disk never pays for it). */
type Sdk = typeof S3Sdk;

const CONNECT_TIMEOUT_MS = 5_000;
const IDLE_TIMEOUT_MS = 30_000;
/** Deletes in flight at once when a folder or the whole bucket is emptied. */
const DELETE_CONCURRENCY = 8;
/** A PUT is tried this many times: the SDK cannot retry a streamed body itself. */
const PUT_TRIES = 3;
/** `npm run doctor` writes its probe here; never a stored file (backups and restores skip it). */
export const PROBE_PREFIX = '.doctor/';

/**
 * Files in an S3-compatible bucket (docs/decisions/025-s3-file-store.md). Uploads are received
 * and checked on local disk (`tempRoot/.tmp…`) as before, then sent in one PUT with their MD5:
 * the server stores all of the bytes or none, and an answer whose ETag names other bytes is
 * undone and refused. Reads stream the object's body straight to the browser.
 */
export class S3FileStore implements FileStore {
  private readonly tempDir: string;

  private constructor(
    private readonly sdk: Sdk,
    private readonly client: S3Client,
    private readonly bucket: string,
    tempRoot: string,
    tempFolder: string,
  ) {
    this.tempDir = path.join(tempRoot, tempFolder);
    clearStaleTemp(this.tempDir);
  }

  static async open(
    settings: S3Settings,
    {
      tempRoot,
      tempFolder = TEMP_FOLDER_PREFIX,
      idleTimeoutMs = IDLE_TIMEOUT_MS,
    }: {
      tempRoot: string;
      tempFolder?: string;
      /** A server silent this long is given up on (tests shorten it). */
      idleTimeoutMs?: number;
    },
  ): Promise<S3FileStore> {
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Checksums only where S3 requires them: servers other than AWS's (older MinIO, Ceph,
      // many providers) refuse the SDK's default streamed CRC trailers. Our own MD5 goes with
      // every PUT instead.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // A bucket that stops answering must fail the request (503), not hang it: no connection
      // within 5 s, or no byte moving for the idle time. No limit on the whole request: a large
      // file on a slow line takes as long as it takes.
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: idleTimeoutMs },
    });
    return new S3FileStore(sdk, client, settings.bucket, tempRoot, tempFolder);
  }

  newTempPath(): string {
    return path.join(this.tempDir, randomBytes(12).toString('hex'));
  }

  async moveIn(tempPath: string, key: string): Promise<void> {
    checkKey(key);
    const { size } = await fsp.stat(tempPath);
    const md5 = await md5Of(tempPath);
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.put(tempPath, key, size, md5);
        break;
      } catch (error) {
        // A dropped connection or a busy server: the body is read afresh for the next try.
        if (!(error instanceof StorageUnavailableError) || attempt >= PUT_TRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
    await fsp.rm(tempPath, { force: true });
  }

  private async put(tempPath: string, key: string, size: number, md5: Buffer) {
    const answer = await this.guard(() =>
      this.client.send(
        new this.sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: fs.createReadStream(tempPath),
          ContentLength: size,
          ContentMD5: md5.toString('base64'),
        }),
      ),
    );
    // A plain PUT's ETag is the MD5 of what was stored (not so with some server-side
    // encryption, whose ETag is no MD5 and is left alone).
    const etag = answer.ETag?.replace(/"/g, '').toLowerCase();
    if (etag && /^[0-9a-f]{32}$/.test(etag) && etag !== md5.toString('hex')) {
      await this.remove(key).catch(() => undefined);
      throw new Error(`the bucket stored other bytes than were sent for ${key}`);
    }
  }

  async read(key: string): Promise<Readable> {
    checkKey(key);
    try {
      const answer = await this.guard(() =>
        this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key })),
      );
      if (!(answer.Body instanceof Readable)) throw new Error(`no body for ${key}`);
      return answer.Body;
    } catch (error) {
      if (isNotFound(error)) throw new FileNotFoundError(key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    checkKey(key);
    // Deleting a key that is not there succeeds, as removing a missing local file does.
    await this.guard(() =>
      this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key })),
    );
  }

  async removeFolder(prefix: string): Promise<void> {
    checkKey(prefix);
    await this.removeKeys(this.keys(`${prefix.replace(/\/+$/, '')}/`));
  }

  async *list(): AsyncIterable<StoredFile> {
    for await (const item of this.objects('')) {
      // A "folder" a provider's console made, or the doctor's probe: not a stored file.
      if (item.key.endsWith('/') || item.key.startsWith(PROBE_PREFIX)) continue;
      yield item;
    }
  }

  async removeAll(): Promise<void> {
    await this.removeKeys(this.keys(''));
  }

  /** Can the bucket be reached, read and written with these settings? (`npm run doctor`). */
  async probe(): Promise<void> {
    await this.guard(() => this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.bucket })));
  }

  close(): void {
    this.client.destroy();
  }

  /** One request; a failure other than a missing key becomes StorageUnavailableError. */
  private async guard<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (isNotFound(error)) throw error;
      throw new StorageUnavailableError(`S3 ${this.bucket}: ${(error as Error).message}`, { cause: error });
    }
  }

  private async *objects(prefix: string): AsyncGenerator<StoredFile> {
    let token: string | undefined;
    do {
      const page = await this.guard(() =>
        this.client.send(
          new this.sdk.ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            ContinuationToken: token,
          }),
        ),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key !== undefined) yield { key: item.Key, size: Number(item.Size ?? 0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  private async *keys(prefix: string): AsyncGenerator<string> {
    for await (const item of this.objects(prefix)) yield item.key;
  }

  private async removeKeys(keys: AsyncIterable<string>): Promise<void> {
    // Collected first: deleting while listing would move the listing's continuation.
    const all: string[] = [];
    for await (const key of keys) all.push(key);
    // One DeleteObject per key, a few at a time. DeleteObjects would be one request per 1,000,
    // but the SDK sends it with a CRC32 checksum that several S3-compatible servers refuse
    // (they want Content-MD5).
    let next = 0;
    const worker = async () => {
      while (next < all.length) {
        const key = all[next++] as string;
        await this.guard(() =>
          this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key })),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, all.length) }, worker));
  }
}

/** The same keys local disk accepts: no step outside the store, no empty part. */
function checkKey(key: string) {
  if (
    key === '' ||
    key.startsWith('/') ||
    key.includes('\0') ||
    key.split('/').some((part) => part === '..')
  ) {
    throw new Error(`file key outside the store: ${key}`);
  }
}

function isNotFound(error: unknown): boolean {
  // A missing bucket is a setting to mend, not a missing file.
  const failure = error as { name?: string };
  return failure.name === 'NoSuchKey' || failure.name === 'NotFound';
}

async function md5Of(file: string): Promise<Buffer> {
  const hash = createHash('md5');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest();
}
