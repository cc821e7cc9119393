import type { BrowserContext } from 'playwright-core';

export type ApiCall = (
  method: 'get' | 'post' | 'put' | 'delete',
  url: string,
  data?: object,
) => Promise<{ status: number; body: Record<string, unknown> }>;

/**
 * Logs a user in through the API with a browser context's cookie jar and returns a CSRF-aware caller (the spec's
 * flow: `GET /api/login` hands out the token cookie, unsafe calls echo it in `X-Csrf-Token`).
 */
export async function apiAs(context: BrowserContext, username: string, password: string): Promise<ApiCall> {
  const token = async () => (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';
  await context.request.get('/api/login');
  const login = await context.request.post('/api/login', {
    data: { username, password },
    headers: { 'x-csrf-token': await token() },
  });
  if (login.status() !== 200) throw new Error(`login of ${username} answered ${login.status()}`);
  return async (method, url, data) => {
    const res = await context.request[method](url, { data, headers: { 'x-csrf-token': await token() } });
    const text = await res.text();
    return { status: res.status(), body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
}

/**
 * A CSRF-aware caller for a visitor who is not logged in, with a browser context's cookie jar (`GET /api/login`
 * hands out the token cookie).
 */
export async function anonymousApi(context: BrowserContext): Promise<ApiCall> {
  const token = async () => (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';
  await context.request.get('/api/login');
  return async (method, url, data) => {
    const res = await context.request[method](url, { data, headers: { 'x-csrf-token': await token() } });
    const text = await res.text();
    return { status: res.status(), body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
}

/**
 * Makes the demo's first category (by its order) the active one of the user logged in on `context`, as its
 * checkbox in the categories list does: the active category is each administrator's own choice.
 */
export async function chooseFirstCategory(context: BrowserContext): Promise<void> {
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';
  const list = (await (await context.request.get('/api/category')).json()) as Array<{
    token: string;
    sort_order: number;
  }>;
  const first = [...list].sort((a, b) => a.sort_order - b.sort_order)[0];
  if (!first) throw new Error('no category to choose');
  const res = await context.request.put(`/api/category/token/${first.token}`, {
    data: { active: true },
    headers: { 'x-csrf-token': token },
  });
  if (res.status() !== 200) throw new Error(`choosing the active category answered ${res.status()}`);
}
