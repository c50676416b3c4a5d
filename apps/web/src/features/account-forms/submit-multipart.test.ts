import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, readCsrfToken, setCsrfToken } from '../../lib/api-client.ts';
import { submitMultipart } from './submit-multipart.ts';

/** A scripted XMLHttpRequest: the test decides what the server answers and when. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  private listeners: Record<string, (() => void)[]> = {};
  private uploadListeners: Record<string, ((event: ProgressEvent) => void)[]> = {};
  upload = {
    addEventListener: (type: string, listener: (event: ProgressEvent) => void) => {
      (this.uploadListeners[type] ??= []).push(listener);
    },
  };

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.emit('abort');
  }
  progress(loaded: number, total: number) {
    const event = { lengthComputable: true, loaded, total } as ProgressEvent;
    this.uploadListeners.progress?.forEach((listener) => listener(event));
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.responseHeaders = { 'content-type': 'application/json', ...headers };
    this.uploadListeners.load?.forEach((listener) => listener({} as ProgressEvent));
    this.emit('load');
  }
  emit(type: string) {
    this.listeners[type]?.forEach((listener) => listener());
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  setCsrfToken('token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('submitMultipart', () => {
  it('posts the form with the API headers and reports the upload progress', async () => {
    const data = new FormData();
    data.append('title', 'Jardin');
    const progress: number[] = [];
    const sent = submitMultipart<{ data: { id: number } }>('POST', '/api/user/initiatives', data, {
      onProgress: (fraction) => progress.push(fraction),
    });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/user/initiatives');
    expect(xhr.body).toBe(data);
    expect(xhr.headers).toEqual({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-CSRF-TOKEN': 'token-1',
    });
    xhr.progress(50, 200);
    xhr.respond(201, { data: { id: 7 } }, { 'x-csrf-token': 'token-2' });
    await expect(sent).resolves.toEqual({ data: { id: 7 } });
    expect(progress).toEqual([0.25, 1]);
    expect(readCsrfToken()).toBe('token-2');
  });

  it('rejects a 422 with its field errors', async () => {
    const sent = submitMultipart('POST', '/api/user/posts', new FormData());
    FakeXhr.last.respond(422, {
      message: 'Les données ne sont pas valides.',
      errors: { title: ['Le titre est obligatoire.'], 'logo_files.0.file': ['Trop lourd.'] },
    });
    const error = await sent.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Les données ne sont pas valides.',
      errors: { title: ['Le titre est obligatoire.'], 'logo_files.0.file': ['Trop lourd.'] },
    });
  });

  it('rejects a network failure as status 0 with the French message', async () => {
    const sent = submitMultipart('POST', '/api/user/posts', new FormData());
    FakeXhr.last.emit('error');
    await expect(sent).rejects.toMatchObject({
      status: 0,
      message: 'Le serveur ne répond pas. Vérifiez votre connexion à Internet et réessayez.',
    });
  });

  it('gives the default message to an error without a body', async () => {
    const sent = submitMultipart('POST', '/api/user/posts', new FormData());
    FakeXhr.last.respond(500, undefined);
    await expect(sent).rejects.toMatchObject({
      status: 500,
      message: 'Une erreur est survenue. Veuillez réessayer.',
      errors: {},
    });
  });

  it('aborts with the signal like fetch', async () => {
    const controller = new AbortController();
    const sent = submitMultipart('POST', '/api/user/posts', new FormData(), {
      signal: controller.signal,
    });
    controller.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
  });
});
