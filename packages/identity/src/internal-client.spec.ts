import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDENTITY_HEADER, REQUEST_ID_HEADER } from '@agora/contracts';
import {
  createInternalClient,
  InternalCallError,
  UndeclaredInternalCallError,
  type InternalClientOptions,
} from './internal-client.js';
import { verifyIdentity } from './signing.js';

const consultation = generateKeyPairSync('ed25519');

/** What the server saw of the last request. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let baseUrl: string;
let seen: Seen | undefined;
/** How the server answers the next request (nothing: it never answers). */
let answer: ((res: ServerResponse) => void) | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      answer?.(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prefix`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = undefined;
  answer = undefined;
});

const json = (status: number, body: unknown) => (res: ServerResponse) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

function client(extra: Partial<InternalClientOptions> = {}) {
  return createInternalClient({
    caller: 'consultation',
    privateKey: consultation.privateKey,
    target: 'library',
    baseUrl,
    timeoutMs: 5_000,
    ...extra,
  });
}

/** The error a call throws. */
async function failure(call: Promise<unknown>): Promise<InternalCallError> {
  try {
    await call;
  } catch (e) {
    if (e instanceof InternalCallError) return e;
    throw e;
  }
  throw new Error('the call succeeded');
}

describe('the internal client', () => {
  it("signs the caller's service identity for the target's audience and forwards the request id", async () => {
    answer = json(200, { owner: 'u1' });
    const res = await client().get('/internal/library/uuid/abc/owner', { requestId: 'req-7' });
    expect(res).toEqual({ status: 200, body: { owner: 'u1' } });
    expect(seen).toMatchObject({ method: 'GET', url: '/prefix/internal/library/uuid/abc/owner' });
    expect(seen!.headers[REQUEST_ID_HEADER]).toBe('req-7');
    const header = seen!.headers[IDENTITY_HEADER] as string;
    const trust = { audience: 'library' as const, keys: { consultation: consultation.publicKey } };
    expect(verifyIdentity(header, trust)).toMatchObject({ aud: 'library', sys: 'consultation', user: null });
    // Good for the library only.
    expect(verifyIdentity(header, { ...trust, audience: 'accounts' })).toBeNull();
  });

  it('signs for the audience it is given and posts JSON', async () => {
    answer = json(201, { ok: true });
    const gateway = generateKeyPairSync('ed25519');
    const res = await client({ caller: 'gateway', privateKey: gateway.privateKey, target: 'accounts' }).post(
      '/internal/sessions/resolve',
      { sid: 's1' },
    );
    expect(res.status).toBe(201);
    expect(seen).toMatchObject({ method: 'POST', body: '{"sid":"s1"}' });
    expect(seen!.headers['content-type']).toBe('application/json');
    expect(seen!.headers[REQUEST_ID_HEADER]).toBeUndefined();
    const header = seen!.headers[IDENTITY_HEADER] as string;
    expect(
      verifyIdentity(header, { audience: 'accounts', keys: { gateway: gateway.publicKey } }),
    ).toMatchObject({ aud: 'accounts', sys: 'gateway' });
  });

  it("passes a 4xx through with the body's code and message", async () => {
    answer = json(415, { Error: 'not an image', code: 'LIBRARY.NOT_AN_IMAGE' });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'icon.png');
    const error = await failure(client().post('/internal/library/icons', form));
    expect(error).toMatchObject({
      kind: 'refused',
      status: 415,
      code: 'LIBRARY.NOT_AN_IMAGE',
      error: 'not an image',
    });
    expect(seen!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('calls a target that does not answer in time unavailable', async () => {
    const error = await failure(client({ timeoutMs: 50 }).delete('/internal/library/icons/a.png'));
    expect(error).toMatchObject({ kind: 'unavailable', target: 'library', status: undefined });
    expect(seen?.method).toBe('DELETE');
  });

  it('calls an unreachable target, and one answering 5xx, unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await failure(
      client({ baseUrl: `http://127.0.0.1:${port}` }).get('/internal/library/uuid/abc/owner'),
    );
    expect(refused).toMatchObject({ kind: 'unavailable', status: undefined });

    answer = json(503, { Error: 'not ready', code: 'SERVICE.NOT_READY' });
    expect(await failure(client().get('/internal/library/uuid/abc/owner'))).toMatchObject({
      kind: 'unavailable',
      status: 503,
    });
  });

  it("streams a file's answer with its type and length, unbounded by the JSON answers' limit", async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const chunks = 21; // above the 20 MB that a JSON answer may be
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(chunk.length * chunks) });
      const write = (left: number): void => {
        if (left === 0) return void res.end();
        if (res.write(chunk)) write(left - 1);
        else res.once('drain', () => write(left - 1));
      };
      write(chunks);
    };
    const res = await client().stream('/internal/library/uuid/abc/owner', { requestId: 'req-8' });
    expect([res.status, res.type, res.length]).toEqual([200, 'image/png', chunk.length * chunks]);
    expect(seen!.headers).toMatchObject({ [REQUEST_ID_HEADER]: 'req-8', accept: '*/*' });
    let size = 0;
    for await (const part of res.body as AsyncIterable<Buffer>) {
      expect(part.every((b) => b === 7)).toBe(true);
      size += part.length;
    }
    expect(size).toBe(chunk.length * chunks);
  });

  it('refuses a streamed call as the others: a 4xx with its code, a 5xx or no answer unavailable', async () => {
    answer = json(404, { Error: 'no such file', code: 'CONSULTATION.FILE_NOT_FOUND' });
    expect(await failure(client().stream('/internal/library/uuid/abc/owner'))).toMatchObject({
      kind: 'refused',
      status: 404,
      code: 'CONSULTATION.FILE_NOT_FOUND',
    });
    answer = json(503, { Error: 'not ready', code: 'SERVICE.NOT_READY' });
    expect(await failure(client().stream('/internal/library/uuid/abc/owner'))).toMatchObject({
      kind: 'unavailable',
      status: 503,
    });
    answer = undefined;
    expect(await failure(client({ timeoutMs: 50 }).stream('/internal/library/uuid/abc/owner'))).toMatchObject(
      { kind: 'unavailable', status: undefined },
    );
  });

  it('sends nothing for a route the service graph does not declare for the caller', async () => {
    const undeclared = async (call: Promise<unknown>) => {
      await expect(call).rejects.toBeInstanceOf(UndeclaredInternalCallError);
      expect(seen).toBeUndefined();
    };
    // the library's route, but accounts is not among its callers
    const asAccounts = client({ caller: 'accounts', privateKey: consultation.privateKey });
    await undeclared(asAccounts.get('/internal/library/uuid/abc/owner'));
    // a path of the library's, but with a method it is not declared for, or no such route
    const untyped = client() as unknown as { get(path: string): Promise<unknown> };
    await undeclared(untyped.get('/internal/library/icons'));
    await undeclared(untyped.get('/internal/library/uuid/abc/owner/extra'));
    // accounts' route, sent to the library
    await undeclared(untyped.get('/internal/users/stats'));
  });
});
