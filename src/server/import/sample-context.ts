// What every section of the sample export shares: one seeded random sequence (each section draws
// from it in turn, so the same seed makes the same export), the moment the sample starts from,
// the lists of records the import must refuse or warn about, and the files folder.
import fs from 'node:fs';
import path from 'node:path';
import type { ImportKind } from './legacy-export';

/** Record refs by kind: those the import must refuse, or bring in with a warning. */
export type RefsByKind = Record<ImportKind, string[]>;

/** A valid 1×1 PNG: a real image, so the import makes its preview. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const DAY = 86_400_000;

const SURNAMES = ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Новиков'];
const NAMES = ['Иван', 'Пётр', 'Алексей', 'Сергей', 'Дмитрий', 'Андрей', 'Михаил', 'Олег'];

/** Deterministic numbers from a seed (mulberry32). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}

/** A moment in one of the forms the old tool's exports write: ISO text or a Firestore timestamp. */
export function stamp(ms: number, form: number): unknown {
  const seconds = Math.floor(ms / 1000);
  const nanoseconds = (ms % 1000) * 1_000_000;
  if (form % 3 === 0) return new Date(ms).toISOString();
  if (form % 3 === 1) return { seconds, nanoseconds };
  return { _seconds: seconds, _nanoseconds: nanoseconds };
}

export interface SampleContext {
  seed: number;
  /** The moment the sample's dates count from. */
  base: number;
  random: ReturnType<typeof generator>;
  refused: RefsByKind;
  warned: RefsByKind;
  /** A «Фамилия Имя» drawn from the random sequence. */
  person: () => string;
  /** Writes a file under the files folder (nothing without one) and counts it. */
  writeFile: (storagePath: string, bytes: Buffer) => void;
  filesWritten: () => number;
}

export function sampleContext(seed: number, filesDir: string | null): SampleContext {
  const random = generator(seed);
  let fileCount = 0;
  return {
    seed,
    base: Date.UTC(2025, 10, 1),
    random,
    refused: { user: [], client: [], ticket: [], task: [] },
    warned: { user: [], client: [], ticket: [], task: [] },
    person: () => `${random.pick(SURNAMES)} ${random.pick(NAMES)}`,
    writeFile: (storagePath, bytes) => {
      if (!filesDir) return;
      const target = path.join(filesDir, storagePath);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, bytes);
      fileCount += 1;
    },
    filesWritten: () => fileCount,
  };
}
