import {
  ApiError,
  DEFAULT_ERROR_MESSAGE,
  isErrorBag,
  NETWORK_ERROR_MESSAGE,
  readCsrfToken,
  setCsrfToken,
} from '../../lib/api-client.ts';

export interface MultipartOptions {
  /** Share of the request body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart form with XMLHttpRequest, because fetch cannot report upload progress: the
 * same headers, CSRF handling and `ApiError` normalisation as lib/api-client.ts `request()`.
 * An aborted request rejects with the same `AbortError` DOMException as fetch.
 */
export function submitMultipart<T>(
  method: 'POST',
  url: string,
  formData: FormData,
  { onProgress, signal }: MultipartOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The operation was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url, true);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = readCsrfToken();
    if (token) xhr.setRequestHeader('X-CSRF-TOKEN', token);

    const onAbortSignal = () => xhr.abort();
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
      xhr.upload.addEventListener('load', () => onProgress(1));
    }

    xhr.addEventListener('load', () => {
      settle();
      const rotated = xhr.getResponseHeader('X-CSRF-TOKEN');
      if (rotated) setCsrfToken(rotated);
      const data = readBody(xhr);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as T);
        return;
      }
      const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
      const message =
        typeof record.message === 'string' && record.message
          ? record.message
          : DEFAULT_ERROR_MESSAGE;
      reject(new ApiError(xhr.status, message, isErrorBag(record.errors) ? record.errors : {}));
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    });

    xhr.send(formData);
  });
}

function readBody(xhr: XMLHttpRequest): unknown {
  if (xhr.status === 204 || xhr.status === 205) return undefined;
  const text = xhr.responseText;
  if (!text) return undefined;
  const type = xhr.getResponseHeader('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
