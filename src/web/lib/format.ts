const pad = (n: number) => String(n).padStart(2, '0');

/** A UTC timestamp in the viewer's local time, as `22.11.2026 14:05`. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1_048_576) return `${(bytes / 1024).toFixed(0)} КБ`;
  return `${(bytes / 1_048_576).toFixed(1).replace('.', ',')} МБ`;
}
