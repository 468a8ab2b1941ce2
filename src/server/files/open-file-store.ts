import path from 'node:path';
import type { Config } from '../config';
import { LocalFileStore, TEMP_FOLDER_PREFIX, type FileStore } from './file-store';
import { S3FileStore } from './s3-file-store';

/**
 * The store the settings name: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files.
 * Temporary files are on local disk either way, under a folder of the caller's (a tool running
 * beside the server names its own, so that neither empties the other's).
 */
export async function openFileStore(
  config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 's3'>>,
  { tempFolder = TEMP_FOLDER_PREFIX }: { tempFolder?: string } = {},
): Promise<FileStore> {
  const root = path.join(config.dataDir, 'files');
  if (!config.s3) return new LocalFileStore(root, { tempFolder });
  return S3FileStore.open(config.s3, { tempRoot: root, tempFolder });
}
