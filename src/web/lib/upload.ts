import { toast } from './toast';
import { ApiError, NO_CONNECTION_MESSAGE, responseError, timeoutFor } from './api';

export const UPLOAD_CANCELLED = 'Загрузка отменена, ничего не сохранено';

export interface UploadOptions {
  /** Share of the bytes sent so far, 0…1. */
  onProgress?: (fraction: number) => void;
  /** Aborting it cancels the upload; the server keeps nothing of it. */
  signal?: AbortSignal;
}

/**
 * Posts a multipart form like `api()` does, but through XMLHttpRequest: fetch cannot
 * report how much of a request body has been sent, and a person watching a 20 MB video
 * go up over a phone connection needs to see that it moves (issue 17).
 */
export function uploadForm<T>(url: string, form: FormData, { onProgress, signal }: UploadOptions = {}) {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError(0, 'aborted', UPLOAD_CANCELLED));
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      return reject(new ApiError(0, 'network', NO_CONNECTION_MESSAGE));
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.timeout = timeoutFor(form);
    // The server's same-origin guard requires it of state-changing requests without JSON.
    xhr.setRequestHeader('x-requested-with', 'fetch');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(responseError(xhr.status, data));
    };
    const failed = () => reject(new ApiError(0, 'network', NO_CONNECTION_MESSAGE));
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = () => reject(new ApiError(0, 'aborted', UPLOAD_CANCELLED));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Files as one multipart form under `files`, the field every upload route reads. */
export function filesForm(files: readonly File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return form;
}

/** Says why an upload did not happen: a cancel is news, anything else an error. */
export function reportUploadError(error: unknown): void {
  if (error instanceof ApiError && error.code === 'aborted') toast.info(error.message);
  else toast.error(error instanceof Error ? error.message : 'Неизвестная ошибка');
}
