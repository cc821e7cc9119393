import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { readServiceDocuments } from './docs.js';
import { mergeOpenApi } from './openapi.js';

describe('mergeOpenApi', () => {
  const accounts = {
    openapi: '3.0.0',
    info: { title: 'accounts', version: '1.2.0' },
    tags: [{ name: 'users', description: 'Users' }],
    paths: {
      '/users/{id}': {
        get: {
          tags: ['users'],
          operationId: 'getUser',
          responses: {
            200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
          },
        },
      },
      '/internal/sessions/resolve': { post: { responses: {} } },
      '/health': { get: { responses: {} } },
    },
    components: {
      schemas: {
        Item: { type: 'object', properties: { uuid: { type: 'string' } } },
        ErrorBody: { type: 'object', properties: { Error: { type: 'string' } } },
      },
    },
  };
  const library = {
    openapi: '3.0.0',
    info: { title: 'library', version: '0.9.0' },
    paths: {
      '/library/{id}': {
        get: {
          operationId: 'getUser',
          responses: {
            200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
            404: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
          },
        },
      },
    },
    components: {
      schemas: {
        Item: { type: 'object', properties: { id: { type: 'integer' } } },
        ErrorBody: { type: 'object', properties: { Error: { type: 'string' } } },
      },
    },
  };

  const merged = mergeOpenApi(
    [
      { service: 'accounts', doc: accounts },
      { service: 'library', doc: library },
    ],
    ['mailing'],
    '1.0.0',
  );
  const paths = merged['paths'] as Record<string, Record<string, Record<string, unknown>>>;
  const schemas = (merged['components'] as Record<string, Record<string, unknown>>)['schemas']!;

  it('prefixes paths with /api and leaves internal routes out', () => {
    expect(Object.keys(paths).sort()).toEqual(['/api/library/{id}', '/api/users/{id}']);
    expect(merged['openapi']).toBe('3.0.0');
  });

  it('tags operations by service and keeps operation ids unique', () => {
    expect(paths['/api/users/{id}']!['get']!['tags']).toEqual(['accounts/users']);
    expect(paths['/api/library/{id}']!['get']!['tags']).toEqual(['library']);
    expect(paths['/api/users/{id}']!['get']!['operationId']).toBe('accounts.getUser');
    expect(paths['/api/library/{id}']!['get']!['operationId']).toBe('library.getUser');
    expect(merged['tags']).toEqual([
      { name: 'accounts/users', description: 'Users' },
      { name: 'library', description: 'library service' },
    ]);
  });

  it('shares identical components and renames clashing ones with their references', () => {
    expect(Object.keys(schemas).sort()).toEqual(['ErrorBody', 'Item', 'library_Item']);
    const responses = paths['/api/library/{id}']!['get']!['responses'] as Record<string, unknown>;
    expect(JSON.stringify(responses['200'])).toContain('#/components/schemas/library_Item');
    expect(JSON.stringify(responses['404'])).toContain('#/components/schemas/ErrorBody');
  });

  it('names the services it holds and those without a document', () => {
    const description = (merged['info'] as Record<string, string>)['description'];
    expect(description).toContain('accounts 1.2.0, library 0.9.0');
    expect(description).toContain('Without a document (left out): mailing');
  });
});

describe('readServiceDocuments', () => {
  let dir: string;
  const warnings: unknown[] = [];
  const logger = { warn: (o: unknown) => void warnings.push(o) } as unknown as Logger;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agora-openapi-'));
    await mkdir(join(dir, 'accounts'));
    await writeFile(join(dir, 'accounts', 'openapi.json'), JSON.stringify({ openapi: '3.0.0', paths: {} }));
    await mkdir(join(dir, 'library'));
    await writeFile(join(dir, 'library', 'openapi.json'), '{"openapi": ');
    await mkdir(join(dir, 'consultation'));
    await writeFile(join(dir, 'consultation', 'openapi.json'), '{"openapi": "3.0.0"}');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the documents it finds and logs those missing, unreadable or without paths', () => {
    const documents = readServiceDocuments(logger, dir);
    expect(documents.map((d) => d.service)).toEqual(['accounts']);
    expect(warnings.map((w) => (w as { service: string }).service)).toEqual([
      'library',
      'consultation',
      'mailing',
    ]);
  });

  it('reads the committed documents of all four services by default', () => {
    expect(readServiceDocuments(logger).map((d) => d.service)).toEqual([
      'accounts',
      'library',
      'consultation',
      'mailing',
    ]);
  });
});
