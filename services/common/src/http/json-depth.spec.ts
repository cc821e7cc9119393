import { Controller, HttpCode, Module, Post } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pino from 'pino';
import { z } from 'zod';
import { ErrorFilter } from '../errors/error.filter.js';
import { useRequestParsing } from './body-parsing.js';
import { MAX_JSON_DEPTH, nestsDeeperThan, parseShallowJson } from './json-depth.js';
import { listenTestApp } from '../../test/listen-test-app.js';
import { ZodBody } from './zod.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, as text and as bytes', () => {
    for (const text of [nested(4), '{"a":{"b":[{"c":1}]}}']) {
      expect(nestsDeeperThan(text, 4)).toBe(false);
      expect(nestsDeeperThan(text, 3)).toBe(true);
      expect(nestsDeeperThan(Buffer.from(text), 3)).toBe(true);
    }
    expect(nestsDeeperThan('', 0)).toBe(false);
    expect(nestsDeeperThan('"x"', 0)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: '[[[[{{{{', b: 'say \\"[[[[" ok', c: ['Πλατεία [['] });
    expect(nestsDeeperThan(text, 2)).toBe(false);
    expect(nestsDeeperThan(Buffer.from(text), 2)).toBe(false);
  });

  it('ends a string at a quote after an even run of backslashes only', () => {
    const text = JSON.stringify(['a\\', '[[[[', 'b\\\\"[[[[', '\\"']);
    expect(nestsDeeperThan(text, 1)).toBe(false);
    expect(nestsDeeperThan(`${text.slice(0, -1)},[[]]]`, 2)).toBe(true);
    expect(nestsDeeperThan('["unterminated [[[[', 1)).toBe(false);
  });

  it('passes siblings: depth, not count', () => {
    expect(nestsDeeperThan(`[${Array.from({ length: 1000 }, () => '[1]').join(',')}]`, 2)).toBe(false);
  });

  it('parseShallowJson refuses deep text with 400 REQUEST.TOO_DEEP and parses the rest', () => {
    expect(parseShallowJson('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(() => parseShallowJson(nested(MAX_JSON_DEPTH + 1))).toThrow(
      expect.objectContaining({ status: 400, code: 'REQUEST.TOO_DEEP' }),
    );
    expect(() => parseShallowJson('{')).toThrow(SyntaxError);
  });
});

const Note = z.strictObject({ title: z.string().optional() });
type Note = z.infer<typeof Note>;

let handled = 0;

@Controller('notes')
class NotesController {
  @Post()
  @HttpCode(200)
  create(@ZodBody(Note) body: Note): Note {
    handled++;
    return body;
  }
}

@Module({ controllers: [NotesController] })
class NotesModule {}

describe('deeply nested bodies in a service', () => {
  let app: NestExpressApplication;
  let base: string;

  beforeAll(async () => {
    ({ app, base } = await listenTestApp(NotesModule, (a) => {
      useRequestParsing(a);
      a.useGlobalFilters(new ErrorFilter(pino({ level: 'silent' })));
    }));
  });
  afterAll(() => app?.close());
  beforeEach(() => {
    handled = 0;
  });

  const post = (body: string, type = 'application/json') =>
    fetch(`${base}/notes`, { method: 'POST', headers: { 'content-type': type }, body });

  it.each([
    ['an array body of ~80 KB', nested(40_000)],
    ['an object body', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`],
    ['a deep field', `{"title":${nested(MAX_JSON_DEPTH + 1)}}`],
    ['deep but malformed JSON', '['.repeat(40_000)],
  ])('answers %s 400 REQUEST.TOO_DEEP without calling the handler', async (_what, body) => {
    const res = await post(body);
    expect({ status: res.status, body: (await res.json()) as unknown }).toEqual({
      status: 400,
      body: { Error: `JSON nested more than ${MAX_JSON_DEPTH} levels deep`, code: 'REQUEST.TOO_DEEP' },
    });
    expect(handled).toBe(0);
  });

  it('answers a deep urlencoded body 4xx, never 500', async () => {
    const res = await post(
      `${'a'.padEnd(2, '[')}${'[x]'.repeat(5_000)}=1`,
      'application/x-www-form-urlencoded',
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('takes shallow bodies as before', async () => {
    const res = await post(JSON.stringify({ title: '[[[[ Πλατεία ]]]]' }));
    expect({ status: res.status, body: (await res.json()) as unknown }).toEqual({
      status: 200,
      body: { title: '[[[[ Πλατεία ]]]]' },
    });
  });
});
