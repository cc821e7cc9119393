import { Controller, Get, HttpCode, Module, Param, Post, Query } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { z } from 'zod';
import { listenTestApp } from '../../test/listen-test-app.js';
import { ZodBody } from './zod.js';

import { holdsNul, refuseNulCharacters } from './nul-characters.js';

/** Any JSON: the NUL check runs before any schema. */
const AnyJson = z.json();
type AnyJson = z.infer<typeof AnyJson>;

const reached: unknown[] = [];

@Controller('things')
class ThingsController {
  @Get(':name')
  get(@Param('name') name: string, @Query('q') q?: string): { name: string } {
    reached.push({ name, q });
    return { name };
  }

  @Post()
  @HttpCode(200)
  create(@ZodBody(AnyJson) body: AnyJson): AnyJson {
    reached.push(body);
    return body;
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

describe('holdsNul', () => {
  it('finds a NUL in strings, keys and nested values, and nothing in clean values', () => {
    expect(holdsNul('a\u0000b')).toBe(true);
    expect(holdsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(holdsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(holdsNul({ a: ['x', 1, null, true, { b: 'Ελληνικά' }] })).toBe(false);
    expect(holdsNul(undefined)).toBe(false);
  });
});

describe('refuseNulCharacters in an app', () => {
  let app: NestExpressApplication;
  let base: string;

  beforeAll(async () => {
    ({ app, base } = await listenTestApp(ThingsModule, (a) => {
      a.useBodyParser('json');
      a.use(refuseNulCharacters);
    }));
  });
  afterAll(() => app?.close());
  beforeEach(() => {
    reached.length = 0;
  });

  const post = (body: string) =>
    fetch(`${base}/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const refused = { Error: 'invalid character in the request', code: 'REQUEST.INVALID' };

  it.each([
    ['in the path', () => fetch(`${base}/things/a%00b`)],
    ['in the query', () => fetch(`${base}/things/a?q=%00`)],
    ['in a body string', () => post(JSON.stringify({ title: 'a\u0000b' }))],
    ['in a nested body key', () => post(JSON.stringify({ list: [{ ['k\u0000']: 1 }] }))],
  ])('answers a NUL %s 400 {"Error"} without calling the handler', async (_where, send) => {
    const res = await send();
    expect({ status: res.status, body: (await res.json()) as unknown }).toEqual({
      status: 400,
      body: refused,
    });
    expect(reached).toEqual([]);
  });

  it('lets clean requests through, Greek text included', async () => {
    expect((await fetch(`${base}/things/%CE%B1?q=%CE%B2`)).status).toBe(200);
    const res = await post(JSON.stringify({ title: 'Πλατεία' }));
    expect(await res.json()).toEqual({ title: 'Πλατεία' });
    expect(reached).toEqual([{ name: 'α', q: 'β' }, { title: 'Πλατεία' }]);
  });
});
