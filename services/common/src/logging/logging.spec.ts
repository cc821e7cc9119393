import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REQUEST_ID_HEADER } from '@agora/contracts';
import { pino } from 'pino';
import { requestId, requestLogger } from './logging.js';

interface Line {
  level: number;
  msg: string;
  req?: { id: string; method: string; path: string };
  res?: { status: number };
  [key: string]: unknown;
}

describe('request logging', () => {
  let server: Server;
  let base: string;
  const lines: Line[] = [];

  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l) as Line) });
    const log = requestLogger(logger);
    server = createServer((req, res) => {
      log(req, res);
      res.statusCode = req.url?.startsWith('/missing') ? 404 : req.url?.startsWith('/broken') ? 500 : 200;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    lines.length = 0;
  });

  /** The log line of the request answered with `res` (written when the answer finishes). */
  async function lineOf(res: Response): Promise<Line> {
    await res.text();
    const id = res.headers.get(REQUEST_ID_HEADER);
    const end = Date.now() + 5000;
    for (;;) {
      const found = lines.find((l) => l.req?.id === id);
      if (found) return found;
      if (Date.now() > end) throw new Error(`no log line for request ${id}: ${JSON.stringify(lines)}`);
      await new Promise((r) => setImmediate(r));
    }
  }

  it("carries the gateway's request id, echoes it, and leaves the query string out", async () => {
    const res = await fetch(`${base}/things?token=secret`, {
      headers: { [REQUEST_ID_HEADER]: 'gw-123.abc_X' },
    });
    expect(res.headers.get(REQUEST_ID_HEADER)).toBe('gw-123.abc_X');
    const line = await lineOf(res);
    expect(line).toMatchObject({
      level: 30,
      req: { id: 'gw-123.abc_X', method: 'GET', path: '/things' },
      res: { status: 200 },
    });
    expect(JSON.stringify(line)).not.toContain('secret');
  });

  it('makes a request id when none or a malformed one comes in', async () => {
    const none = await fetch(`${base}/things`);
    const made = none.headers.get(REQUEST_ID_HEADER);
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect((await lineOf(none)).req?.id).toBe(made);

    const injected = await fetch(`${base}/things`, { headers: { [REQUEST_ID_HEADER]: 'x"} {"level":60' } });
    expect(injected.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    const long = await fetch(`${base}/things`, { headers: { [REQUEST_ID_HEADER]: 'a'.repeat(129) } });
    expect(long.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    await Promise.all([lineOf(injected), lineOf(long)]);
  });

  it('logs client errors as warnings and server errors as errors', async () => {
    expect((await lineOf(await fetch(`${base}/missing`))).level).toBe(40);
    expect((await lineOf(await fetch(`${base}/broken`))).level).toBe(50);
  });

  it('does not log health and readiness probes', async () => {
    await (await fetch(`${base}/health`)).text();
    await (await fetch(`${base}/ready`)).text();
    // a later request's line is written after the probes' would have been
    await lineOf(await fetch(`${base}/after`));
    expect(lines.map((l) => l.req?.path)).toEqual(['/after']);
  });
});

describe('requestId', () => {
  it('accepts ids of letters, digits, dot, dash and underscore up to 128 characters', () => {
    const headers: Record<string, string> = {};
    const res = { setHeader: (k: string, v: string) => (headers[k] = v) };
    const id = 'A'.repeat(128);
    const req = { headers: { [REQUEST_ID_HEADER]: id } };
    expect(requestId(req as never, res as never)).toBe(id);
    expect(headers[REQUEST_ID_HEADER]).toBe(id);
  });
});
