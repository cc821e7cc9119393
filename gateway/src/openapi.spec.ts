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

  it('names the services it holds and those that were down', () => {
    const description = (merged['info'] as Record<string, string>)['description'];
    expect(description).toContain('accounts 1.2.0, library 0.9.0');
    expect(description).toContain('Unavailable now (left out): mailing');
  });
});
