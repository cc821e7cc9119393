import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApiAnswerError,
  apiPath,
  createApiClient,
  fetchTransport,
  parseAnswer,
  type ApiHttpMethod,
} from './api-client.js';

/** A path map as openapi-typescript writes it, with a described response. */
interface FakePaths {
  '/api/users/uuid/{uuid}': {
    get: {
      parameters: { query?: never; path: { uuid: string } };
      requestBody?: never;
      responses: { 200: { content: { 'application/json': { uuid: string; last_login: string | null } } } };
    };
    put: {
      parameters: { query?: never; path: { uuid: string } };
      requestBody: { content: { 'application/json': { active?: boolean } } };
      responses: { 200: { content?: never } };
    };
    post?: never;
  };
  '/api/library/page/{page}': {
    get: {
      parameters: { query?: { tags?: string[] }; path: { page: number } };
      responses: { 200: { content?: never } };
    };
  };
}

function recorder() {
  const calls: Array<{ method: ApiHttpMethod; url: string; body: unknown }> = [];
  const client = createApiClient<FakePaths>(async (method, url, body) => {
    calls.push({ method, url, body });
    return { uuid: 'u', last_login: null };
  });
  return { calls, client };
}

describe('apiPath', () => {
  it('fills and encodes the path parameters and appends the query', () => {
    expect(apiPath('/api/users/uuid/{uuid}', { path: { uuid: 'a/b c' } })).toBe('/api/users/uuid/a%2Fb%20c');
    expect(
      apiPath('/api/library/page/{page}', { path: { page: 2 }, query: { tags: ['x', 'y'], q: undefined } }),
    ).toBe('/api/library/page/2?tags=x&tags=y');
  });

  it('keeps the `;` that joins the values of a list segment', () => {
    expect(apiPath('/api/library/uuid/{uuids}', { path: { uuids: 'a;b c' } })).toBe(
      '/api/library/uuid/a;b%20c',
    );
  });

  it('refuses a path parameter without a value (also a name every object inherits)', () => {
    expect(() => apiPath('/api/users/uuid/{uuid}')).toThrow('no value for {uuid}');
    expect(() => apiPath('/api/x/{constructor}', { path: {} })).toThrow('no value for {constructor}');
  });
});

describe('createApiClient', () => {
  it('sends the method, the filled path and the body, and answers what the transport answers', async () => {
    const { calls, client } = recorder();
    const user = await client.GET('/api/users/uuid/{uuid}', { params: { path: { uuid: 'u1' } } });
    expect(user.last_login).toBeNull();
    await client.PUT('/api/users/uuid/{uuid}', { params: { path: { uuid: 'u1' } }, body: { active: false } });
    await client.GET('/api/library/page/{page}', { params: { path: { page: 3 }, query: { tags: ['a'] } } });
    expect(calls).toEqual([
      { method: 'GET', url: '/api/users/uuid/u1', body: undefined },
      { method: 'PUT', url: '/api/users/uuid/u1', body: { active: false } },
      { method: 'GET', url: '/api/library/page/3?tags=a', body: undefined },
    ]);
  });

  it('types paths, parameters, bodies and answers by the documents (checked by the type check)', async () => {
    const { client } = recorder();
    const typed = async () => {
      const user = await client.GET('/api/users/uuid/{uuid}', { params: { path: { uuid: 'u' } } });
      // @ts-expect-error a renamed response field breaks its callers
      void user.lastLogin;
      // @ts-expect-error an undescribed response is unknown: the caller must say what it expects
      void (await client.GET('/api/library/page/{page}', { params: { path: { page: 1 } } })).values;
      // @ts-expect-error the path parameters are required
      await client.GET('/api/users/uuid/{uuid}');
      // @ts-expect-error a path parameter of the wrong type
      await client.GET('/api/library/page/{page}', { params: { path: { page: '1' } } });
      // @ts-expect-error a body field the operation does not take
      await client.PUT('/api/users/uuid/{uuid}', { params: { path: { uuid: 'u' } }, body: { activ: true } });
      // @ts-expect-error a method the path does not answer
      await client.POST('/api/users/uuid/{uuid}', { params: { path: { uuid: 'u' } } });
      // @ts-expect-error a path no service describes
      await client.GET('/api/nothing');
    };
    expect(typeof typed).toBe('function');
  });

  it('knows the services paths under /api and not their internal routes', () => {
    const client = createApiClient(async () => undefined);
    const typed = async () => {
      await client.PUT('/api/users/uuid/{uuid}', { params: { path: { uuid: 'u' } }, body: { active: true } });
      // @ts-expect-error a body field that the accounts service refuses
      await client.PUT('/api/users/uuid/{uuid}', { params: { path: { uuid: 'u' } }, body: { activ: true } });
      // @ts-expect-error internal routes are not published by the gateway
      await client.POST('/api/internal/sessions/resolve', { body: { sid: 'x' } });
      // @ts-expect-error the services' paths are called with the /api prefix
      await client.GET('/users/uuid/{uuid}', { params: { path: { uuid: 'u' } } });
    };
    expect(typeof typed).toBe('function');
  });

  it("knows the gateway's own GET /api/login beside the accounts service's POST and DELETE of that path", () => {
    const client = createApiClient(async () => undefined);
    const typed = async () => {
      const probe: { loggedin: boolean } = await client.GET('/api/login');
      void probe;
      const login = await client.POST('/api/login', { body: { username: 'u', password: 'p' } });
      void login.user.uuid;
      await client.DELETE('/api/login');
      // @ts-expect-error the probe answers whether the session is logged in, not its user
      void (await client.GET('/api/login')).user;
      // @ts-expect-error the login still takes the accounts service's body
      await client.POST('/api/login', { body: { username: 'u' } });
    };
    expect(typeof typed).toBe('function');
  });
});

describe('fetchTransport', () => {
  let server: http.Server;
  let base: string;
  const seen: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }> = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        if (req.url === '/api/users/uuid/gone') {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ Error: 'user not found', code: 'ACCOUNTS.USER_NOT_FOUND' }));
        } else res.end(req.method === 'DELETE' ? '' : JSON.stringify({ uuid: 'u' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('calls the base URL with the headers and a JSON body, and answers the parsed body', async () => {
    const client = createApiClient(fetchTransport(base, { cookie: 'agora_sid=s', 'x-csrf-token': 't' }));
    await expect(
      client.PUT('/api/users/uuid/{uuid}', { params: { path: { uuid: 'u' } }, body: { active: false } }),
    ).resolves.toEqual({ uuid: 'u' });
    await expect(client.DELETE('/api/users/uuid/{uuid}', { params: { path: { uuid: 'u' } } })).resolves.toBe(
      undefined,
    );
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/users/uuid/u', body: '{"active":false}' });
    expect(seen[0]?.headers).toMatchObject({
      cookie: 'agora_sid=s',
      'x-csrf-token': 't',
      'content-type': 'application/json',
    });
    expect(seen[1]?.headers['content-type']).toBeUndefined();
  });

  it('throws ApiAnswerError with the status and code of a refusal', async () => {
    const client = createApiClient(fetchTransport(base));
    const error = await client
      .GET('/api/users/uuid/{uuid}', { params: { path: { uuid: 'gone' } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiAnswerError);
    expect(error).toMatchObject({ status: 404, code: 'ACCOUNTS.USER_NOT_FOUND' });
  });

  it('parses JSON, keeps other text and answers undefined for nothing', () => {
    expect(parseAnswer('{"a":1}')).toEqual({ a: 1 });
    expect(parseAnswer('<html>')).toBe('<html>');
    expect(parseAnswer('')).toBeUndefined();
  });
});
