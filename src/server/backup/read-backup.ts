import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_NAME,
  isSafeEntryPath,
  type Manifest,
  type ManifestEntry,
} from './manifest';

/** What is wrong with an archive, in words for the person restoring it. */
export class BackupArchiveError extends Error {}

const MANIFEST_LIMIT = 16 * 1024 * 1024;

const NOT_A_BACKUP = 'Это не резервная копия GL Задачи (нет описи manifest.json)';

/**
 * Unpacks an archive into `intoDir` and checks it against its manifest before anything is
 * restored: every entry present, of its size and SHA-256, nothing unlisted, no path leaving
 * the folder. The manifest is the archive's last entry (it holds the others' hashes), so it is
 * read first in a pass that writes nothing: an entry the manifest does not list, or of another
 * size than it says, is refused before a byte of it reaches the disk (issue 48: a 559 KB gzip
 * bomb had written 512 MiB first). Throws BackupArchiveError saying what is wrong.
 */
export async function unpackAndVerify(archive: string, intoDir: string): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new BackupArchiveError(`Файл не найден: ${archive}`);
  const manifest = parseManifest(await readManifestText(archive));
  await ensureRoomFor(manifest, intoDir);
  const listed = new Map(manifest.entries.map((entry) => [entry.path, entry]));
  const seen = new Map<string, ManifestEntry>();
  await readEntries(archive, async (name, size, stream) => {
    if (name === MANIFEST_NAME) return drain(stream);
    const entry = listed.get(name);
    if (!entry) throw new BackupArchiveError(`Архив повреждён: лишний файл ${name}`);
    if (size !== entry.size) {
      throw new BackupArchiveError(`Архив повреждён: файл ${name} не совпадает с контрольной суммой`);
    }
    const target = path.join(intoDir, ...name.split('/'));
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const hash = createHash('sha256');
    let written = 0;
    await pipeline(
      stream,
      async function* (chunks: AsyncIterable<unknown>) {
        for await (const chunk of chunks) {
          const bytes = chunk as Buffer;
          hash.update(bytes);
          written += bytes.length;
          yield bytes;
        }
      },
      fs.createWriteStream(target, { mode: 0o600 }),
    );
    seen.set(name, { path: name, size: written, sha256: hash.digest('hex') });
  });
  const problems: string[] = [];
  for (const entry of manifest.entries) {
    const found = seen.get(entry.path);
    if (!found) problems.push(`нет файла ${entry.path}`);
    else if (found.size !== entry.size || found.sha256 !== entry.sha256) {
      problems.push(`файл ${entry.path} не совпадает с контрольной суммой`);
    }
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).join('; ');
    const more = problems.length > 5 ? ` и ещё ${problems.length - 5}` : '';
    throw new BackupArchiveError(`Архив повреждён: ${shown}${more}`);
  }
  return manifest;
}

/** The manifest's text, read through the whole archive without writing anything. */
async function readManifestText(archive: string): Promise<string> {
  let manifestText: string | null = null;
  await readEntries(archive, async (name, size, stream) => {
    if (name !== MANIFEST_NAME) return drain(stream);
    // Ours lists a few entries per stored file: 16 MiB is hundreds of thousands of files.
    if (size > MANIFEST_LIMIT) throw new BackupArchiveError('Опись архива (manifest.json) повреждена');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    manifestText = Buffer.concat(chunks).toString('utf8');
  });
  if (manifestText === null) throw new BackupArchiveError(NOT_A_BACKUP);
  return manifestText;
}

/** Refuses, before writing, an archive whose listed files would not fit beside what the disk keeps free. */
async function ensureRoomFor(manifest: Manifest, intoDir: string): Promise<void> {
  const needed = manifest.entries.reduce((sum, entry) => sum + (Number(entry.size) || 0), 0);
  await fsp.mkdir(intoDir, { recursive: true });
  const { bavail, bsize } = await fsp.statfs(intoDir);
  const free = bavail * bsize;
  if (needed > free) {
    const mb = (bytes: number) => `${Math.ceil(bytes / 1_048_576)} МБ`;
    throw new BackupArchiveError(
      `Для восстановления нужно ${mb(needed)} свободного места, а есть ${mb(free)}: освободите место и повторите`,
    );
  }
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const chunk of stream) void chunk;
}

/**
 * Calls `onEntry` for each entry of the gzipped tar in turn. An archive that is not gzip, or
 * not tar, is «не резервная копия»; one that began as a tar and broke off is «оборван».
 */
async function readEntries(
  archive: string,
  onEntry: (name: string, size: number, stream: AsyncIterable<unknown>) => Promise<void>,
): Promise<void> {
  let begun = false;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    begun = true;
    // An archive cut short errors the entry being read, perhaps before the code below has got to
    // reading it (while it makes the entry's folder): the whole pipeline reports that error, and
    // without a listener here it would also end the process.
    stream.on('error', () => {});
    void (async () => {
      const name = header.name;
      if (header.type !== 'file' || !isSafeEntryPath(name)) {
        throw new BackupArchiveError(`В архиве недопустимая запись: ${name}`);
      }
      await onEntry(name, header.size ?? 0, stream);
    })().then(
      () => next(),
      (error: unknown) => next(error as Error),
    );
  });
  try {
    await pipeline(fs.createReadStream(archive), createGunzip(), extract);
  } catch (error) {
    if (error instanceof BackupArchiveError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (
      code === 'Z_DATA_ERROR' ||
      code === 'Z_BUF_ERROR' ||
      /header|gzip|unexpected end/i.test(String(error))
    ) {
      throw new BackupArchiveError(
        begun ? 'Архив оборван или повреждён: прочитать его до конца не удалось' : NOT_A_BACKUP,
      );
    }
    throw error;
  }
}

function parseManifest(text: string): Manifest {
  let value: Partial<Manifest>;
  try {
    value = JSON.parse(text) as Partial<Manifest>;
  } catch {
    throw new BackupArchiveError('Опись архива (manifest.json) повреждена');
  }
  if (value.format !== BACKUP_FORMAT) throw new BackupArchiveError(NOT_A_BACKUP);
  if (value.version !== BACKUP_FORMAT_VERSION) {
    throw new BackupArchiveError(
      `Архив сделан другой версией программы (формат ${String(value.version)}); обновите программу`,
    );
  }
  if (
    (value.dialect !== 'sqlite' && value.dialect !== 'postgres') ||
    !Array.isArray(value.entries) ||
    typeof value.counts !== 'object'
  ) {
    throw new BackupArchiveError('Опись архива (manifest.json) повреждена');
  }
  return value as Manifest;
}
