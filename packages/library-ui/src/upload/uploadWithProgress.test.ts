import { waitFor } from '@testing-library/react';
import { clearCookies, mockFetch } from '../../../../scripts/jest/web';
import { ApiError, onUnauthorized } from '@agora/platform';
import { formFields, installFakeXhr } from './fakeXhr.testutil';
import { UploadCanceledError, uploadTarget, uploadWithProgress } from './uploadWithProgress';

const LIBRARY = uploadTarget('POST', '/api/library');

function form(): FormData {
  const f = new FormData();
  f.append('title', 'Άγαλμα');
  f.append('resource', new File(['x'], 'a.png', { type: 'image/png' }));
  return f;
}

describe('uploadWithProgress', () => {
  beforeEach(() => clearCookies());

  it('asks GET /api/login for a token first when there is none, then sends the CSRF header with cookies', async () => {
    const calls = mockFetch({
      'GET /api/login': { status: 200, body: { loggedin: true }, setCookie: 'token=t-123' },
    });
    const requests = installFakeXhr((req) => req.respond(200, { uuid: 'l-1' }));
    await expect(uploadWithProgress(LIBRARY, form())).resolves.toEqual({ uuid: 'l-1' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/login']);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('/api/library');
    expect(requests[0]?.headers['x-csrf-token']).toBe('t-123');
    expect(requests[0]?.withCredentials).toBe(true);
    expect(formFields(requests[0]?.body ?? null)).toEqual({ title: 'Άγαλμα', resource: 'file:a.png' });
  });

  it('does not call /api/login when the token cookie exists, and reports rounded progress 0-100 once per value', async () => {
    document.cookie = 'token=tok';
    const calls = mockFetch({});
    const seen: number[] = [];
    const requests = installFakeXhr();
    const target = uploadTarget('PUT', '/api/library/uuid/{uuid}', { params: { path: { uuid: 'l 1' } } });
    const done = uploadWithProgress(target, form(), { onProgress: (p) => seen.push(p) });
    await waitFor(() => expect(requests).toHaveLength(1));
    const req = requests[0];
    if (!req) throw new Error('no request sent');
    req.progress(1, 3);
    req.progress(1, 3);
    req.progress(2, 3);
    req.respond(200, { uuid: 'l 1' });
    await expect(done).resolves.toEqual({ uuid: 'l 1' });
    expect(calls).toHaveLength(0);
    expect(req.method).toBe('PUT');
    expect(req.url).toBe('/api/library/uuid/l%201');
    expect(seen).toEqual([0, 33, 67, 100]);
  });

  it('rejects with the server message and status on a 4xx', async () => {
    document.cookie = 'token=tok';
    installFakeXhr((req) => req.respond(415, { Error: 'not an image', code: 'LIBRARY.NOT_AN_IMAGE' }));
    const error = await uploadWithProgress(LIBRARY, form()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(415);
    expect((error as ApiError).message).toBe('not an image');
    expect((error as ApiError).code).toBe('LIBRARY.NOT_AN_IMAGE');
  });

  it('keeps the refused field of a field refusal (decision 0033)', async () => {
    document.cookie = 'token=tok';
    installFakeXhr((req) =>
      req.respond(400, {
        Error: 'values[1][value]: Maximum size is 20.',
        code: 'CONSULTATION.INVALID_FIELD',
        field: 'values[1][value]',
        rule: 'max',
        values: { n: 20 },
      }),
    );
    const error = await uploadWithProgress(uploadTarget('POST', '/api/data/scope/variable'), form()).catch(
      (e: unknown) => e,
    );
    expect((error as ApiError).code).toBe('CONSULTATION.INVALID_FIELD');
    expect((error as ApiError).failure).toEqual({
      field: 'values[1][value]',
      rule: 'max',
      values: { n: 20 },
    });
  });

  it('cancels through the signal with "Operation canceled by the user."', async () => {
    document.cookie = 'token=tok';
    const requests = installFakeXhr();
    const controller = new AbortController();
    const done = uploadWithProgress(LIBRARY, form(), { signal: controller.signal });
    await waitFor(() => expect(requests).toHaveLength(1));
    controller.abort();
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadCanceledError);
    expect((error as Error).message).toBe('Operation canceled by the user.');
    expect(requests[0]?.aborted).toBe(true);
  });

  it('tells the session time-out listeners of a 401 answer, and not of other errors', async () => {
    document.cookie = 'token=tok';
    const heard: string[] = [];
    const stop = onUnauthorized((path) => heard.push(path));
    try {
      installFakeXhr((req) => req.respond(401, { Error: 'not logged in' }));
      const error = await uploadWithProgress(LIBRARY, form()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(401);
      expect(heard).toEqual(['/api/library']);

      installFakeXhr((req) => req.respond(403, { Error: 'forbidden' }));
      await expect(uploadWithProgress(LIBRARY, form())).rejects.toBeInstanceOf(ApiError);
      expect(heard).toEqual(['/api/library']);
    } finally {
      stop();
    }
  });
});
