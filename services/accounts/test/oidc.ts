// A real OpenID Connect provider for the integration tests (oidc-provider, in-process on a loopback port, its
// development login and consent forms), and the browser's part at it, driven over HTTP.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

export const OIDC_CLIENT_ID = 'agora-test';
export const OIDC_CLIENT_SECRET = 'agora-test-secret-0123456789';

/** The provider's accounts by subject: the development login form takes the subject as login name. */
export type OidcAccounts = Record<string, Record<string, string | boolean>>;

export interface OidcProvider {
  issuer: string;
  close(): Promise<void>;
}

export function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

/**
 * Starts a provider whose one client (`OIDC_CLIENT_ID`) returns to `<publicUrl>/api/oauth/callback` or, standing
 * for Google (an OpenID Connect issuer of its own), to `<publicUrl>/api/goauth/callback`.
 */
export async function startOidcProvider(publicUrl: string, accounts: OidcAccounts): Promise<OidcProvider> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  const issuer = `http://127.0.0.1:${await listen(server)}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const config: Configuration = {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [`${publicUrl}/api/oauth/callback`, `${publicUrl}/api/goauth/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    features: { devInteractions: { enabled: true }, registration: { enabled: false } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx, id) => {
      const claims = accounts[id];
      if (!claims) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...claims }) };
    },
  };
  handler = new Provider(issuer, config).callback();
  return {
    issuer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A minimal cookie jar: a browser keeps cookies per path; sending all of them is enough here. */
export class Jar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Plays the browser at the provider from `start`: follows redirects, fills in the login (as `login`) and consent
 * forms, until the provider sends the browser back to `publicUrl`; answers that URL (not followed). The prompts
 * met are pushed to `prompts`.
 */
export async function atProvider(
  start: string,
  publicUrl: string,
  jar: Jar,
  login: string,
  prompts: string[] = [],
): Promise<string> {
  let url = start;
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(publicUrl)) return url;
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`the provider answered ${res.status} at ${url}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no login or consent form at ${url}`);
    prompts.push(prompt);
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', login);
      form.set('password', 'any');
    }
    const submitted = await fetch(new URL(action.replace(/&amp;/g, '&'), url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    jar.store(submitted);
    if (submitted.status !== 302 && submitted.status !== 303) {
      throw new Error(`the provider answered ${submitted.status} to the ${prompt} form`);
    }
    url = new URL(submitted.headers.get('location')!, url).href;
  }
  throw new Error('the provider did not send the browser back');
}
