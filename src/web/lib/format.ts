export { formatDateTime } from '../../domain/date-time';

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1_048_576) return `${(bytes / 1024).toFixed(0)} КБ`;
  return `${(bytes / 1_048_576).toFixed(1).replace('.', ',')} МБ`;
}
