import {
  apiPath,
  ApiAnswerError,
  createApiClient,
  parseAnswer,
  type ApiClient,
  type ApiPaths,
  type ApiPathsWith,
} from '@agora/contracts';
import type { BrowserContext } from 'playwright-core';

/**
 * Logs a user in through the API with a browser context's cookie jar (the spec's flow: `GET /api/login` hands out
 * the token cookie, unsafe calls echo it in `X-Csrf-Token`).
 */
async function logInThroughApi(context: BrowserContext, username: string, password: string): Promise<void> {
  const api = await typedAnonymousApi(context);
  await api.POST('/api/login', { body: { username, password } });
}

/** Logs a user in through the API and answers the typed client (`typedApi`) of the session. */
export async function typedApiAs(
  context: BrowserContext,
  username: string,
  password: string,
): Promise<ApiClient> {
  await logInThroughApi(context, username, password);
  return typedApi(context);
}

/**
 * The typed API client (`typedApi`) of a visitor who is not logged in, with the CSRF token that the gateway's own
 * `GET /api/login` hands out (the gateway's own route, which no service's OpenAPI document describes: its
 * contract is the typed client's `GatewayPaths`).
 */
export async function typedAnonymousApi(context: BrowserContext): Promise<ApiClient> {
  const api = typedApi(context);
  await api.GET('/api/login');
  return api;
}

/**
 * The typed API client (the paths, bodies and answers of the services' committed OpenAPI documents) with a
 * browser context's cookie jar and its CSRF token, as the site's front end calls the API: a JSON body, or a
 * `FormData` sent as a multipart form (files as `Blob`s); a call answers the parsed body, a non-2xx answer throws
 * `ApiAnswerError` (of `@agora/contracts`).
 */
export function typedApi(context: BrowserContext): ApiClient {
  return createApiClient(async (method, url, body) => {
    const token = (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';
    const res = await context.request.fetch(url, {
      method,
      ...(body instanceof FormData ? { multipart: body } : { data: body }),
      headers: { 'x-csrf-token': token },
    });
    const answer = parseAnswer(await res.text());
    if (!res.ok()) throw new ApiAnswerError(res.status(), answer, `${method} ${url}`);
    return answer;
  });
}

/** A round SVG map marker of `color`, 24 × 24. */
export const markerSvg = (color: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="10" fill="${color}"/></svg>`;

/** Uploads a round marker of `color` as `name`.svg (`POST /api/marker`, a multipart form); answers its URL. */
export async function uploadMarker(api: ApiClient, name: string, color: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([markerSvg(color)], { type: 'image/svg+xml' }), `${name}.svg`);
  return (await api.POST('/api/marker', { body: form })).url;
}

/** The status and parsed body of a typed call that must fail (its `ApiAnswerError`); throws when it succeeds. */
export async function failureOf(call: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await call;
  } catch (e) {
    if (e instanceof ApiAnswerError) return { status: e.status, body: e.body };
    throw e;
  }
  throw new Error('the call succeeded');
}

/** The status of a typed call's refusal (its `ApiAnswerError`), or null when it succeeds: for polling a state. */
export async function refusalStatus(call: Promise<unknown>): Promise<number | null> {
  try {
    await call;
    return null;
  } catch (e) {
    if (e instanceof ApiAnswerError) return e.status;
    throw e;
  }
}

/**
 * Makes the demo's first category (by its order) the active one of the user logged in on `context`, as its
 * checkbox in the categories list does: the active category is each administrator's own choice.
 */
export async function chooseFirstCategory(context: BrowserContext): Promise<void> {
  const api = typedApi(context);
  const list = await api.GET('/api/category');
  const first = [...list].sort((a, b) => a.sort_order - b.sort_order)[0];
  if (!first) throw new Error('no category to choose');
  await api.PUT('/api/category/token/{token}', {
    params: { path: { token: first.token } },
    body: { active: true },
  });
}

/**
 * The bytes a documented GET path answers (an archive, a file: no JSON to parse), with `path`'s parameters filled
 * in: the path is checked against the services' OpenAPI documents as the typed client's are.
 */
export async function downloadBytes<P extends ApiPathsWith<ApiPaths, 'get'>>(
  context: BrowserContext,
  template: P,
  params: { path?: Record<string, string | number> } = {},
): Promise<Buffer> {
  const res = await context.request.get(apiPath(template, params));
  if (!res.ok()) throw new Error(`GET ${template} answered ${res.status()}`);
  return res.body();
}
