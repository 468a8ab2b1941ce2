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

/** The name shown to people: the original, without folders or control characters. */
export function displayFileName(original: string): string {
  const base = (original.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').trim();
  return (base || 'файл').slice(0, 255);
}
