// A local fake of Facebook Login (OAuth 2) and the Graph API's `/me` for the integration tests: its dialog, token
// endpoint and `/me` as documented, checking what a real one checks (app id and secret, redirect URI, PKCE
// verifier, appsecret_proof).
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen } from './oidc.js';

export const FACEBOOK_APP_ID = 'fb-app';
export const FACEBOOK_APP_SECRET = 'fb-app-secret';

/** What `/me?fields=id,name,email,first_name,last_name` answers for a person. */
export interface FacebookProfile {
  id: string;
  name?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
}

export interface FakeFacebook {
  /** The base URL: `FACEBOOK_DIALOG_URL` is `<url>/dialog/oauth`, `FACEBOOK_GRAPH_URL` is `<url>`. */
  url: string;
  /** The browser at the dialog (logged in at Facebook as `person`, consenting): answers where it is sent back. */
  dialog(start: string, person: FacebookProfile): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeFacebook(): Promise<FakeFacebook> {
  /** The person logged in at the dialog now (the browser's Facebook session). */
  let current: FacebookProfile | null = null;
  const codes = new Map<string, { challenge: string; redirectUri: string; person: FacebookProfile }>();
  const tokens = new Map<string, FacebookProfile>();
  let issued = 0;

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://fb.local');
    const q = url.searchParams;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/dialog/oauth') {
      if (!current || q.get('client_id') !== FACEBOOK_APP_ID) {
        json(400, { error: { message: 'Invalid App ID', type: 'OAuthException' } });
        return;
      }
      const code = `code-${++issued}`;
      codes.set(code, {
        challenge: q.get('code_challenge') ?? '',
        redirectUri: q.get('redirect_uri') ?? '',
        person: current,
      });
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { location: back.href });
      res.end();
      return;
    }
    if (url.pathname === '/oauth/access_token') {
      const grant = codes.get(q.get('code') ?? '');
      const verifier = q.get('code_verifier') ?? '';
      if (
        !grant ||
        q.get('client_id') !== FACEBOOK_APP_ID ||
        q.get('client_secret') !== FACEBOOK_APP_SECRET ||
        q.get('redirect_uri') !== grant.redirectUri ||
        createHash('sha256').update(verifier).digest('base64url') !== grant.challenge
      ) {
        json(400, { error: { message: 'Invalid verification code format.', type: 'OAuthException' } });
        return;
      }
      codes.delete(q.get('code')!);
      const token = `fb-access-token-${issued}`;
      tokens.set(token, grant.person);
      json(200, { access_token: token, token_type: 'bearer', expires_in: 5183944 });
      return;
    }
    if (url.pathname === '/me') {
      const token = q.get('access_token') ?? '';
      const person = tokens.get(token);
      const proof = createHmac('sha256', FACEBOOK_APP_SECRET).update(token).digest('hex');
      if (!person || q.get('appsecret_proof') !== proof) {
        json(400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException' } });
        return;
      }
      json(200, person);
      return;
    }
    json(404, { error: 'not found' });
  };

  const server = createServer(handle);
  const url = `http://127.0.0.1:${await listen(server)}`;
  return {
    url,
    async dialog(start, person) {
      current = person;
      const res = await fetch(start, { redirect: 'manual' });
      if (res.status !== 302) throw new Error(`the dialog answered ${res.status}: ${await res.text()}`);
      return res.headers.get('location')!;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
