import { Controller, Get, HttpCode, Module, Param, Post, Query } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pino from 'pino';
import { z } from 'zod';
import { ErrorFilter } from '../errors/error.filter.js';
import { listenTestApp } from '../../test/listen-test-app.js';
import { buildOpenApiDocument } from './openapi.js';
import { AppError } from '../errors/app-error.js';
import {
  formFields,
  parseWith,
  refusalOf,
  ResponseCheckInterceptor,
  ZodBody,
  ZodQuery,
  ZodResponse,
} from './zod.js';

const Thing = z.strictObject({
  title: z.string().min(1).max(5),
  size: z.number().int().min(1).max(10).optional(),
  visible: z.boolean().optional(),
  tags: z.array(z.string()).optional(),
  kind: z.enum(['a', 'b']).optional(),
});
type Thing = z.infer<typeof Thing>;
const Answer = z.object({ title: z.string() });
const Filter = z.object({ q: z.string().max(3).optional(), page: z.coerce.number().int().min(1) });
type Filter = z.infer<typeof Filter>;

@Controller('things')
class ThingsController {
  @Post()
  @HttpCode(200)
  @ZodResponse(Answer)
  create(@ZodBody(Thing) body: Thing): { title: string } {
    return { title: body.title };
  }

  @Post('named')
  @HttpCode(200)
  named(@ZodBody(Thing, { code: 'CONSULTATION.INVALID_FIELD', namesField: true }) body: Thing): Thing {
    return body;
  }

  @Get('drifted')
  @ZodResponse(Answer)
  drifted(): unknown {
    return { name: 'not the declared field' };
  }

  @Get(['shelf/:shelf', 'shelf/:shelf/row/:row'])
  shelf(@Param('shelf') shelf: string, @Param('row') row?: string): unknown {
    return { shelf, row };
  }

  @Get()
  list(@ZodQuery(Filter) filter: Filter, @Query('ignored') _ignored?: string): unknown {
    return filter;
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

describe('refusalOf: a zod refusal names the field and the platform rule', () => {
  const refuse = (value: unknown) => {
    try {
      parseWith(Thing, value, { namesField: true });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return { status: e.status, code: e.code, message: e.message, ...e.failure };
    }
    throw new Error('expected a refusal');
  };

  it.each([
    ['a missing field', { size: 1 }, { field: 'title', rule: 'required' }],
    ['an empty text', { title: '' }, { field: 'title', rule: 'required' }],
    ['a text too long', { title: 'abcdef' }, { field: 'title', rule: 'max', values: { n: 5 } }],
    ['a number too large', { title: 'a', size: 11 }, { field: 'size', rule: 'range', values: { max: 10 } }],
    ['a wrong type', { title: 'a', size: 'x' }, { field: 'size', rule: 'type' }],
    ['a wrong list item', { title: 'a', tags: ['x', 3] }, { field: 'tags[1]', rule: 'type' }],
    ['a value not allowed', { title: 'a', kind: 'c' }, { field: 'kind', rule: 'choice' }],
    ['an unknown field', { title: 'a', admin: true }, { field: 'admin', rule: 'unknown' }],
  ])('%s', (_what, value, expected) => {
    const got = refuse(value);
    expect(got).toMatchObject({ status: 400, code: 'REQUEST.INVALID', ...expected });
    expect(got.message.startsWith(`${expected.field}: `)).toBe(true);
  });

  it('keeps a custom rule and its values', () => {
    const s = z.object({ at: z.string() }).refine(() => false, {
      path: ['at'],
      message: 'before start',
      params: { rule: 'order' },
    });
    const r = s.safeParse({ at: 'x' });
    expect(r.success).toBe(false);
    if (!r.success) expect(refusalOf(r.error).failure).toEqual({ field: 'at', rule: 'order' });
  });
});

describe('formFields: multipart text read into the schema types', () => {
  it('reads numbers, booleans and JSON, and leaves unreadable text for the schema to refuse', () => {
    expect(formFields(Thing, { title: 'a', size: '3', visible: 'false', tags: '["x"]', other: '1' })).toEqual(
      {
        title: 'a',
        size: 3,
        visible: false,
        tags: ['x'],
        other: '1',
      },
    );
    expect(formFields(Thing, { size: 'three', visible: 'maybe', tags: '[' })).toEqual({
      size: 'three',
      visible: 'maybe',
      tags: '[',
    });
  });

  it('refuses JSON text nested more deeply than a JSON body may be', () => {
    expect(() => formFields(Thing, { tags: `${'['.repeat(100)}${']'.repeat(100)}` })).toThrow(
      expect.objectContaining({ code: 'REQUEST.TOO_DEEP', status: 400 }),
    );
  });
});

describe('ZodBody, ZodQuery and ZodResponse in an app', () => {
  let app: NestExpressApplication;
  let base: string;

  beforeAll(async () => {
    ({ app, base } = await listenTestApp(ThingsModule, (a) => {
      a.useBodyParser('json', { limit: '10kb' });
      a.useBodyParser('urlencoded', { extended: false });
      a.useGlobalFilters(new ErrorFilter(pino({ level: 'silent' })));
      a.useGlobalInterceptors(new ResponseCheckInterceptor());
    }));
  });
  afterAll(() => app?.close());

  const post = async (path: string, body: string, type = 'application/json') => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': type }, body });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it('passes a valid body and answers it', async () => {
    expect(await post('/things', '{"title":"a","size":2}')).toEqual({ status: 200, body: { title: 'a' } });
  });

  it('refuses a bad body with 400 and the field, in the schema message or "field: message"', async () => {
    expect(await post('/things', '{"title":"a","size":20}')).toEqual({
      status: 400,
      body: {
        Error: expect.any(String),
        code: 'REQUEST.INVALID',
        field: 'size',
        rule: 'range',
        values: { max: 10 },
      },
    });
    const named = await post('/things/named', '{"title":""}');
    expect(named).toMatchObject({
      status: 400,
      body: { code: 'CONSULTATION.INVALID_FIELD', field: 'title' },
    });
    expect((named.body as { Error: string }).Error).toMatch(/^title: /);
  });

  it('reads a form body with the same schema', async () => {
    expect(
      await post('/things/named', 'title=ab&size=4&visible=true', 'application/x-www-form-urlencoded'),
    ).toEqual({ status: 200, body: { title: 'ab', size: 4, visible: true } });
  });

  it('refuses a non-object body', async () => {
    expect(await post('/things', '[1]')).toMatchObject({ status: 400, body: { code: 'REQUEST.INVALID' } });
  });

  it('validates a query', async () => {
    const ok = await fetch(`${base}/things?page=2&q=ab`);
    expect(await ok.json()).toEqual({ page: 2, q: 'ab' });
    const bad = await fetch(`${base}/things?page=0`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'page', rule: 'range' });
  });

  it('turns an answer outside its declared schema into a 500', async () => {
    const res = await fetch(`${base}/things/drifted`);
    expect(res.status).toBe(500);
  });

  it('documents the body, the query and the answer in the OpenAPI document', () => {
    const doc = buildOpenApiDocument(app, { title: 't', description: 'd' });
    const create = doc.paths['/things']?.post;
    expect(create?.requestBody).toMatchObject({
      content: {
        'application/json': {
          schema: { type: 'object', required: ['title'], properties: { title: { maxLength: 5 } } },
        },
      },
    });
    expect(create?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { properties: { title: { type: 'string' } } } } },
    });
    const list = doc.paths['/things']?.get;
    expect(list?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'page', in: 'query', required: true }),
        expect.objectContaining({ name: 'q', in: 'query', required: false }),
      ]),
    );
  });

  it('describes each path of a handler with the path parameters that path has', () => {
    const doc = buildOpenApiDocument(app, { title: 't', description: 'd' });
    const names = (path: string) =>
      doc.paths[path]?.get?.parameters?.map((p) => ('name' in p ? p.name : p.$ref));
    expect(names('/things/shelf/{shelf}')).toEqual(['shelf']);
    expect(names('/things/shelf/{shelf}/row/{row}')).toEqual(['shelf', 'row']);
  });
});
