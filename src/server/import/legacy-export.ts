// Reading the previous system's export file (issue 21): one JSON object with a collection per
// record kind, each either a list of documents carrying their id or an object keyed by id (the
// two shapes Firestore export tools write).
import fsp from 'node:fs/promises';
import { isObject, legacyRef } from './legacy-values';

export const IMPORT_KINDS = ['user', 'client', 'ticket', 'task'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The collection of each kind in the export, in the order they are imported. */
export const COLLECTION_OF: Record<ImportKind, string> = {
  user: 'users',
  client: 'clients',
  ticket: 'tickets',
  task: 'tasks',
};

/** One document as found: its id in the old system (null when it has none) and its fields. */
export interface LegacyDocument {
  sourceId: string | null;
  /** Where it was in its collection (1-based), to name a document without an id. */
  position: number;
  data: unknown;
}

export type LegacyExport = Record<ImportKind, LegacyDocument[]>;

/** The file cannot be read as an export at all: nothing is imported. */
export class ExportFileError extends Error {}

function documentsOf(collection: unknown, kind: ImportKind): LegacyDocument[] {
  if (Array.isArray(collection)) {
    return collection.map((data, index) => ({
      sourceId: isObject(data)
        ? legacyRef(kind === 'user' ? (data.uid ?? data.id) : (data.id ?? data.uid))
        : null,
      position: index + 1,
      data,
    }));
  }
  if (isObject(collection)) {
    return Object.entries(collection).map(([key, data], index) => ({
      sourceId: legacyRef(key),
      position: index + 1,
      data,
    }));
  }
  return [];
}

/** The export's collections; a top level `collections` or `__collections__` wrapper is looked into. */
export function parseLegacyExport(json: unknown): LegacyExport {
  if (!isObject(json)) throw new ExportFileError('В файле не объект JSON с коллекциями');
  const root = isObject(json.collections)
    ? json.collections
    : isObject(json.__collections__)
      ? json.__collections__
      : json;
  const found = Object.values(COLLECTION_OF).filter((name) => name in root);
  if (found.length === 0) {
    throw new ExportFileError('В файле нет ни одной коллекции: ожидаются tickets, tasks, clients, users');
  }
  const result = {} as LegacyExport;
  for (const kind of Object.keys(COLLECTION_OF) as ImportKind[]) {
    const collection = root[COLLECTION_OF[kind]];
    if (collection !== undefined && !Array.isArray(collection) && !isObject(collection)) {
      throw new ExportFileError(`Коллекция ${COLLECTION_OF[kind]} — не список и не объект`);
    }
    result[kind] = documentsOf(collection, kind);
  }
  return result;
}

export async function readLegacyExport(file: string): Promise<LegacyExport> {
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ExportFileError(
      code === 'ENOENT' ? `Файл не найден: ${file}` : `Файл не читается: ${file} (${code ?? String(error)})`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ExportFileError(`Файл не читается как JSON: ${(error as Error).message}`);
  }
  return parseLegacyExport(json);
}
