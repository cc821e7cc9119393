import {
  BadRequestException,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  Module,
  NotFoundException,
  Param,
  PayloadTooLargeException,
  Post,
  ServiceUnavailableException,
  type ArgumentsHost,
} from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { pino } from 'pino';
import { z } from 'zod';
import { EntityNotFoundError, QueryFailedError } from 'typeorm';
import { listenTestApp } from '../../test/listen-test-app.js';
import { ZodBody } from '../http/zod.js';
import { AppError } from './app-error.js';
import { ErrorFilter, mapError } from './error.filter.js';

/** A QueryFailedError as the pg driver raises it for a Postgres error code. */
function pgError(code: string): QueryFailedError {
  return new QueryFailedError('INSERT ...', [], Object.assign(new Error('pg failed'), { code }));
}

/** A body-parser error (what express hands on for a bad body). */
function bodyParserError(status: number, type: string, message: string): Error {
  return Object.assign(new Error(message), { status, statusCode: status, expose: true, type });
}

describe('mapError', () => {
  it("keeps an AppError's status, message and code", () => {
    expect(mapError(new AppError('LIBRARY.NOT_AN_IMAGE', 400, 'not an image'))).toEqual({
      status: 400,
      body: { Error: 'not an image', code: 'LIBRARY.NOT_AN_IMAGE' },
    });
    expect(mapError(AppError.forbidden())).toEqual({
      status: 403,
      body: { Error: 'action denied', code: 'AUTH.FORBIDDEN' },
    });
    expect(mapError(AppError.unauthorized())).toMatchObject({
      status: 401,
      body: { Error: 'not logged in' },
    });
  });

  it('takes only the codes listed in @agora/contracts (checked by the type check)', () => {
    const made = () => [
      // @ts-expect-error a code that no list names
      new AppError('LIBRARY.NO_SUCH_CODE', 400, 'x'),
      // @ts-expect-error the helpers too
      AppError.badRequest('REQUEST.NO_SUCH_CODE', 'x'),
    ];
    expect(made().map((e) => e.status)).toEqual([400, 400]);
  });

  it("adds a refused field's field, rule and values to the body, keeping Error and code", () => {
    const refused = new AppError('CONSULTATION.INVALID_FIELD', 400, 'title: Maximum size is 200.', {
      field: 'title',
      rule: 'max',
      values: { n: 200 },
    });
    expect(mapError(refused)).toEqual({
      status: 400,
      body: {
        Error: 'title: Maximum size is 200.',
        code: 'CONSULTATION.INVALID_FIELD',
        field: 'title',
        rule: 'max',
        values: { n: 200 },
      },
    });
  });

  it("answers Nest's HTTP exceptions with their status and first message", () => {
    expect(mapError(new BadRequestException(['title must be a string', 'title is too long']))).toEqual({
      status: 400,
      body: { Error: 'title must be a string', code: 'REQUEST.INVALID' },
    });
    expect(mapError(new ForbiddenException('no'))).toEqual({
      status: 403,
      body: { Error: 'no', code: 'REQUEST.INVALID' },
    });
    expect(mapError(new NotFoundException('Cannot GET /nothing'))).toEqual({
      status: 404,
      body: { Error: 'Cannot GET /nothing', code: 'NOT_FOUND' },
    });
    expect(mapError(new PayloadTooLargeException())).toMatchObject({ status: 413 });
    expect(mapError(new ServiceUnavailableException('library is down'))).toEqual({
      status: 503,
      body: { Error: 'library is down', code: 'INTERNAL' },
    });
  });

  it('names malformed JSON and malformed URLs', () => {
    expect(mapError(new BadRequestException('x', { cause: new SyntaxError('Unexpected token') }))).toEqual({
      status: 400,
      body: { Error: 'malformed JSON', code: 'REQUEST.MALFORMED' },
    });
    expect(mapError(new BadRequestException('x', { cause: new URIError('URI malformed') }))).toEqual({
      status: 400,
      body: { Error: 'malformed URL', code: 'REQUEST.MALFORMED' },
    });
    expect(mapError(bodyParserError(400, 'entity.parse.failed', 'Unexpected token } in JSON'))).toEqual({
      status: 400,
      body: { Error: 'malformed JSON', code: 'REQUEST.INVALID' },
    });
    expect(mapError(bodyParserError(413, 'entity.too.large', 'request entity too large'))).toEqual({
      status: 413,
      body: { Error: 'request entity too large', code: 'REQUEST.INVALID' },
    });
  });

  it.each([
    ['23505', 409, 'This value already exists!'],
    ['23503', 409, 'referenced item does not exist or is in use'],
    ['22P02', 400, 'invalid value'],
    ['22001', 400, 'value too long'],
    ['23502', 400, 'missing parameters'],
    ['23514', 400, 'invalid value'],
    ['22003', 400, 'number out of range'],
    ['22007', 400, 'invalid date'],
    ['22008', 400, 'invalid date'],
    ['22021', 400, 'invalid character in the request'],
  ])('answers the client-caused database error %s with %i', (code, status, message) => {
    expect(mapError(pgError(code))).toMatchObject({ status, body: { Error: message } });
  });

  it('answers a missing entity 404', () => {
    expect(mapError(new EntityNotFoundError('User', { uuid: 'x' }))).toEqual({
      status: 404,
      body: { Error: 'not found', code: 'NOT_FOUND' },
    });
  });

  it('hides everything else behind a 500 without its details', () => {
    const internal = { status: 500, body: { Error: 'internal error', code: 'INTERNAL' } };
    expect(mapError(new Error('connection to 10.0.0.5 refused'))).toEqual(internal);
    expect(mapError(pgError('57P01'))).toEqual(internal); // the server shut down: not the client's doing
    expect(mapError(Object.assign(new Error('secret'), { status: 400 }))).toEqual(internal); // not exposed
    expect(mapError(undefined)).toEqual(internal);
    expect(mapError('a string')).toEqual(internal);
  });
});

describe('ErrorFilter', () => {
  function fakeHost(headersSent = false) {
    const sent: { status?: number; body?: unknown } = {};
    const res = {
      headersSent,
      status(code: number) {
        sent.status = code;
        return this;
      },
      json(body: unknown) {
        sent.body = body;
        return this;
      },
    };
    const req = { id: 'req-1', originalUrl: '/things/1' };
    const host = {
      switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }),
    } as unknown as ArgumentsHost;
    return { host, sent };
  }
  function capturingLogger() {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    return { logger, lines };
  }

  it('writes the mapped status and body, logging only server errors with the request id', () => {
    const { logger, lines } = capturingLogger();
    const filter = new ErrorFilter(logger);

    const client = fakeHost();
    filter.catch(AppError.notFound(), client.host);
    expect(client.sent).toEqual({ status: 404, body: { Error: 'not found', code: 'NOT_FOUND' } });
    expect(lines).toEqual([]);

    const server = fakeHost();
    filter.catch(new Error('boom'), server.host);
    expect(server.sent).toEqual({ status: 500, body: { Error: 'internal error', code: 'INTERNAL' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, reqId: 'req-1', url: '/things/1', msg: 'request failed' });
  });

  it('does not write over an answer already started', () => {
    const { logger } = capturingLogger();
    const started = fakeHost(true);
    new ErrorFilter(logger).catch(new Error('late'), started.host);
    expect(started.sent).toEqual({});
  });
});

const size = { error: 'invalid size' };
const Thing = z.strictObject({
  title: z.string({ error: 'missing parameters' }),
  size: z.number(size).int(size).max(10, size),
});
type Thing = z.infer<typeof Thing>;

@Controller('things')
class ThingsController {
  @Get(':name')
  get(@Param('name') name: string): { name: string } {
    return { name };
  }

  @Post()
  @HttpCode(200)
  create(@ZodBody(Thing) body: Thing): Thing {
    return body;
  }

  @Get('broken/now')
  broken(): never {
    throw pgError('23505');
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

describe('ErrorFilter in an app: client mistakes are 4xx {"Error"}', () => {
  let app: NestExpressApplication;
  let base: string;

  beforeAll(async () => {
    ({ app, base } = await listenTestApp(ThingsModule, (a) => {
      a.useBodyParser('json', { limit: '1kb' });
      a.useGlobalFilters(new ErrorFilter(pino({ level: 'silent' })));
    }));
  });
  afterAll(() => app?.close());

  const post = (body: string) =>
    fetch(`${base}/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });

  it('answers valid input 200', async () => {
    expect(await answer(await post('{"title":"a","size":3}'))).toEqual({
      status: 200,
      body: { title: 'a', size: 3 },
    });
  });

  it.each([
    ['malformed JSON', 400, 'malformed JSON', '{"title":'],
    ['a failed validation', 400, 'invalid size', '{"title":"a","size":11}'],
    ['a missing field', 400, 'missing parameters', '{"size":1}'],
    ['an unknown field', 400, 'Unrecognized key: "admin"', '{"title":"a","size":1,"admin":true}'],
    [
      'a body over the limit',
      413,
      'request entity too large',
      JSON.stringify({ title: 'x'.repeat(2000), size: 1 }),
    ],
  ])('answers %s with %i', async (_what, status, message, body) => {
    // a refused field is also named (field, rule, values: see zod.spec.ts)
    expect(await answer(await post(body))).toEqual({
      status,
      body: expect.objectContaining({ Error: message, code: expect.any(String) }),
    });
  });

  it('answers an unknown path 404 and a badly encoded path 400', async () => {
    expect(await answer(await fetch(`${base}/nothing`))).toEqual({
      status: 404,
      body: { Error: 'Cannot GET /nothing', code: 'NOT_FOUND' },
    });
    const bad = await fetch(`${base}/things/%E0%A4%A`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { Error: string }).Error).toEqual(expect.any(String));
  });

  it('answers a unique violation from a handler 409', async () => {
    expect(await answer(await fetch(`${base}/things/broken/now`))).toEqual({
      status: 409,
      body: { Error: 'This value already exists!', code: 'DB.UNIQUE' },
    });
  });
});
