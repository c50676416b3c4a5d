/**
 * Fetch wrapper for the platform API (spec public-site §7, ARCHITECTURE.md API conventions):
 * same-origin cookies, `X-Requested-With` and the CSRF token of the page on every request,
 * JSON or FormData bodies, and errors normalised to `ApiError` (422 keeps the field errors).
 */

export const CSRF_META_NAME = 'csrf-token';

export const NETWORK_ERROR_MESSAGE =
  'Le serveur ne répond pas. Vérifiez votre connexion à Internet et réessayez.';
export const DEFAULT_ERROR_MESSAGE = 'Une erreur est survenue. Veuillez réessayer.';

export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

/** The first message for a field of a 422 response, if any. */
export function firstError(
  errors: Record<string, string[]> | null | undefined,
  field: string,
): string | undefined {
  return errors?.[field]?.[0];
}

/** Reads the CSRF token the server put in the page head; null when absent. */
export function readCsrfToken(doc: Document = document): string | null {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${CSRF_META_NAME}"]`)?.content || null;
}

export const CSRF_MISSING_MESSAGE = 'CSRF token not found';

/**
 * Start-up check of spec §8: a page without the CSRF meta tag logs a console error, since every
 * state-changing request would be refused. Returns whether the token is present.
 */
export function checkCsrfToken(doc: Document = document): boolean {
  if (readCsrfToken(doc)) return true;
  console.error(CSRF_MISSING_MESSAGE);
  return false;
}

/** Replaces the token of the page head (the server rotates it, for instance on login). */
export function setCsrfToken(token: string, doc: Document = document): void {
  let meta = doc.querySelector<HTMLMetaElement>(`meta[name="${CSRF_META_NAME}"]`);
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = CSRF_META_NAME;
    doc.head.appendChild(meta);
  }
  meta.content = token;
}

export type RequestBody = FormData | URLSearchParams | Record<string, unknown> | unknown[];

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export function isErrorBag(value: unknown): value is Record<string, string[]> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every(
    (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  return text;
}

export async function request<T>(
  method: string,
  url: string,
  body?: RequestBody,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    ...options.headers,
  };
  const token = readCsrfToken();
  if (token) headers['X-CSRF-TOKEN'] = token;

  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof URLSearchParams) {
    // The browser sets the multipart boundary / urlencoded type itself.
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  // The server rotates the token on login and logout and sends the new one in this header.
  const rotated = response.headers.get('X-CSRF-TOKEN');
  if (rotated) setCsrfToken(rotated);

  const data = await readBody(response);
  if (!response.ok) {
    const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    const message =
      typeof record.message === 'string' && record.message ? record.message : DEFAULT_ERROR_MESSAGE;
    const errors = isErrorBag(record.errors) ? record.errors : {};
    throw new ApiError(response.status, message, errors);
  }
  return data as T;
}

export const api = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
  post: <T>(url: string, body?: RequestBody, options?: RequestOptions) =>
    request<T>('POST', url, body, options),
  put: <T>(url: string, body?: RequestBody, options?: RequestOptions) =>
    request<T>('PUT', url, body, options),
  patch: <T>(url: string, body?: RequestBody, options?: RequestOptions) =>
    request<T>('PATCH', url, body, options),
  delete: <T>(url: string, options?: RequestOptions) =>
    request<T>('DELETE', url, undefined, options),
};
