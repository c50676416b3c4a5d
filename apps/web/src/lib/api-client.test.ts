import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  checkCsrfToken,
  firstError,
  readCsrfToken,
  setCsrfToken,
} from './api-client.ts';

function jsonResponse(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
  });

  it('sends the XHR and CSRF headers with same-origin credentials', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [1] }));
    const result = await api.get<{ data: number[] }>('/api/glossary');
    expect(result).toEqual({ data: [1] });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/glossary');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('same-origin');
    const headers = init?.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers['X-CSRF-TOKEN']).toBe('token-123');
    expect(init?.body).toBeUndefined();
  });

  it('sends JSON bodies as JSON and FormData untouched', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.post('/connexion', { email: 'a@b.fr' })).resolves.toBeUndefined();
    let init = fetchMock.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.fr"}');

    const form = new FormData();
    form.append('title', 'x');
    await api.post('/api/user/posts', form);
    init = fetchMock.mock.calls[1]![1]!;
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(init.body).toBe(form);
  });

  it('adopts the token the server rotates (login, logout) for the next requests', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(null, { status: 204, headers: { 'X-CSRF-TOKEN': 'after-logout' } }),
    );
    fetchMock.mockResolvedValueOnce(jsonResponse(200, {}));
    await api.post('/deconnexion');
    expect(readCsrfToken()).toBe('after-logout');
    await api.post('/connexion', {});
    const headers = fetchMock.mock.calls[1]![1]!.headers as Record<string, string>;
    expect(headers['X-CSRF-TOKEN']).toBe('after-logout');
  });

  it('normalises a 422 into an ApiError with the field errors', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(422, {
        message: 'Les données fournies ne sont pas valides.',
        errors: { email: ['Le champ e-mail est obligatoire.', 'Autre'] },
      }),
    );
    const error = await api.post('/connexion', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe('Les données fournies ne sont pas valides.');
    expect(firstError(apiError.errors, 'email')).toBe('Le champ e-mail est obligatoire.');
    expect(firstError(apiError.errors, 'password')).toBeUndefined();
  });

  it('keeps the message of other errors and has an empty error bag', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(419, { message: 'La session a expiré, veuillez recharger la page.' }),
    );
    const error = (await api.delete('/api/user/posts/1').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(419);
    expect(error.message).toBe('La session a expiré, veuillez recharger la page.');
    expect(error.errors).toEqual({});
  });

  it('turns a network failure into status 0 and lets aborts through', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = (await api.get('/api/faq').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);

    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(api.get('/api/faq')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('omits the CSRF header when the meta tag is missing, and can set the token', async () => {
    document.head.innerHTML = '';
    expect(readCsrfToken()).toBeNull();
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, {})));
    await api.get('/api/faq');
    expect(fetchMock.mock.calls[0]![1]!.headers).not.toHaveProperty('X-CSRF-TOKEN');
    setCsrfToken('rotated');
    expect(readCsrfToken()).toBe('rotated');
    await api.get('/api/faq');
    expect(fetchMock.mock.calls[1]![1]!.headers).toHaveProperty('X-CSRF-TOKEN', 'rotated');
  });

  it('logs a console error at start-up when the CSRF meta tag is missing (spec §8)', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(checkCsrfToken()).toBe(true);
      expect(consoleError).not.toHaveBeenCalled();

      document.head.innerHTML = '<meta name="csrf-token" content="">';
      expect(checkCsrfToken()).toBe(false);
      document.head.innerHTML = '';
      expect(checkCsrfToken()).toBe(false);
      expect(consoleError).toHaveBeenCalledTimes(2);
      expect(consoleError).toHaveBeenLastCalledWith('CSRF token not found');
    } finally {
      consoleError.mockRestore();
    }
  });
});
