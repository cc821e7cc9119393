import { OPEN_DATA_LIMIT, OPEN_DATA_MEDIA, type OpenDataApiAnswer } from '@agora/contracts/api';

const { json: JSON_TYPE, geojson: GEOJSON } = OPEN_DATA_MEDIA;

const param = (name: string, where: 'path' | 'query', schema: object, description: string) => ({
  name,
  in: where,
  required: where === 'path',
  description,
  schema,
});

const F = param(
  'f',
  'query',
  { type: 'string', enum: ['json', 'geojson'] },
  'the format: JSON (the only one)',
);

/** An operation answering `type` (and an error as JSON with `Error` and `code`). */
function get(summary: string, type: string, parameters: object[], refusals: Record<string, string>) {
  const error = { content: { [JSON_TYPE]: { schema: { type: 'object' } } } };
  return {
    get: {
      summary,
      parameters: [...parameters, F],
      responses: {
        '200': { description: 'OK', content: { [type]: { schema: { type: 'object' } } } },
        ...Object.fromEntries(
          Object.entries(refusals).map(([code, description]) => [code, { description, ...error }]),
        ),
      },
    },
  };
}

/**
 * The API definition of a project's open data (the landing page's `service-desc`; decision 0085): the routes of
 * OGC API - Features Part 1 Core as this service serves them, the collections' ids named, `limit` with its
 * default and maximum.
 */
export function apiDocument(title: string, base: string, collections: string[]): OpenDataApiAnswer {
  const collectionId = param(
    'collectionId',
    'path',
    { type: 'string', enum: collections },
    'topic.attribute',
  );
  const unknown = { '404': 'no such collection, or the results are not public' };
  return {
    openapi: '3.0.3',
    info: {
      title,
      version: '1.0.0',
      description: 'OGC API - Features: the published answers, generalised and without personal data.',
    },
    servers: [{ url: base }],
    paths: {
      '/': get('The landing page', JSON_TYPE, [], { '404': 'the results are not public' }),
      '/api': get('This definition', OPEN_DATA_MEDIA.openapi, [], {
        '404': 'the results are not public',
      }),
      '/conformance': get('The conformance classes', JSON_TYPE, [], { '404': 'the results are not public' }),
      '/collections': get('The collections', JSON_TYPE, [], { '404': 'the results are not public' }),
      '/collections/{collectionId}': get('A collection', JSON_TYPE, [collectionId], unknown),
      '/collections/{collectionId}/schema': get(
        "The JSON Schema of the features' properties",
        OPEN_DATA_MEDIA.schema,
        [collectionId],
        unknown,
      ),
      '/collections/{collectionId}/items': get(
        'The features of a collection',
        GEOJSON,
        [
          collectionId,
          param(
            'limit',
            'query',
            {
              type: 'integer',
              minimum: 1,
              maximum: OPEN_DATA_LIMIT.maximum,
              default: OPEN_DATA_LIMIT.default,
            },
            `features per page; a larger value than ${OPEN_DATA_LIMIT.maximum} returns ${OPEN_DATA_LIMIT.maximum}`,
          ),
          param('offset', 'query', { type: 'integer', minimum: 0, default: 0 }, 'features skipped'),
          {
            ...param(
              'bbox',
              'query',
              { type: 'array', minItems: 4, maxItems: 6, items: { type: 'number' } },
              'minLon,minLat,maxLon,maxLat in CRS84',
            ),
            style: 'form',
            explode: false,
          },
          param('datetime', 'query', { type: 'string' }, "an instant or interval on the answers' days"),
        ],
        { '400': 'a malformed or unknown parameter', ...unknown },
      ),
      '/collections/{collectionId}/items/{featureId}': get(
        'One feature',
        GEOJSON,
        [collectionId, param('featureId', 'path', { type: 'string' }, "the feature's id")],
        { '404': 'no such feature or collection, or the results are not public' },
      ),
    },
  };
}
