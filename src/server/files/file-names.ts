import { HIDDEN_MARKS } from '../../domain/hidden-marks';

const MAX_NAME = 120;

/**
 * A name safe as a path segment: letters (Cyrillic too), digits, dot, dash and
 * underscore; everything else becomes `_`. Keeps the extension when shortening.
 */
export function sanitizeFileName(original: string): string {
  const base = original.normalize('NFC').split(/[\\/]/).pop() ?? '';
  let safe = base.replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^[._]+/, '');
  if (!safe) safe = 'file';
  if (safe.length <= MAX_NAME) return safe;
  const dot = safe.lastIndexOf('.');
  const ext = dot > 0 && safe.length - dot <= 10 ? safe.slice(dot) : '';
  return safe.slice(0, MAX_NAME - ext.length) + ext;
}

/**
 * Control characters, and the invisible marks that reorder or hide text: a name like
 * «фото<U+202E>gnp.exe» would read as «фотоexe.png» (extension spoofing).
 */
const HIDDEN_CHARACTERS = new RegExp(`[\\p{Cc}]|${HIDDEN_MARKS.source}`, 'gu');

/** The name shown to people: the original, without folders, controls or direction marks. */
export function displayFileName(original: string): string {
  const base = (original.split(/[\\/]/).pop() ?? '').replace(HIDDEN_CHARACTERS, '').trim();
  return (base || 'файл').slice(0, 255);
}
