import { countRu } from './plural';

/** Whole megabytes, as the limits are set (MAX_UPLOAD_MB). */
function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1_048_576) * 10) / 10} МБ`;
}

/**
 * Why these files cannot be uploaded together, in Russian, before anything is sent (the
 * server refuses the same, but only after receiving the bytes); null when they can.
 */
export function uploadProblem(
  files: readonly { name: string; size: number }[],
  limits: { maxUploadBytes: number; maxUploadRequestBytes: number },
): string | null {
  const tooBig = files.filter((file) => file.size > limits.maxUploadBytes);
  if (tooBig.length === 1) {
    const [file] = tooBig;
    return `Файл «${file!.name}» — ${megabytes(file!.size)}, а можно не больше ${megabytes(limits.maxUploadBytes)}. Ничего не загружено`;
  }
  if (tooBig.length > 1) {
    return `${countRu(tooBig.length, ['файл', 'файла', 'файлов'])} больше ${megabytes(limits.maxUploadBytes)}: ${tooBig.map((f) => `«${f.name}»`).join(', ')}. Ничего не загружено`;
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > limits.maxUploadRequestBytes) {
    return `Вместе файлы занимают ${megabytes(total)}, а за один раз можно не больше ${megabytes(limits.maxUploadRequestBytes)}. Загрузите их частями`;
  }
  return null;
}
