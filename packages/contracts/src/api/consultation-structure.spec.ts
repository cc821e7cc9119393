import type { z } from 'zod';
import {
  AttributeOrderBody,
  isLink,
  NewCategoryBody,
  NewTopicBody,
  NewProjectBody,
  OptionalIsoDate,
  ProjectChangesBody,
  SortOrderBody,
  titledFiles,
} from './consultation-structure.js';

/** The first issue of a refused value: where, what it says and its rule (as the services answer it). */
function refusal(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error(`accepted ${JSON.stringify(value)}`);
  const issue = result.error.issues[0]!;
  const rule = issue.code === 'custom' ? (issue.params as { rule?: string } | undefined)?.rule : issue.code;
  return { path: issue.path.join('.'), message: issue.message, rule };
}

const TOKEN = '0B0C6A3E-3F59-4A4E-8D7E-1D7A1C0F0A01';

describe('category bodies', () => {
  it('trims text, takes null as empty, drops read-only fields and the PUT override', () => {
    expect(
      NewCategoryBody.parse({ title: ' Τίτλος ', mname: 'a-b', summary: null, token: TOKEN, _method: 'put' }),
    ).toEqual({ title: 'Τίτλος', mname: 'a-b', summary: '' });
  });

  it.each([
    [{ mname: 'x' }, 'title', 'This value is required.', 'invalid_type'],
    [{ title: '  ', mname: 'x' }, 'title', 'This value is required.', 'required'],
    [{ title: 'T', mname: 'Κ' }, 'mname', "lowercase Latin letters, digits, '-' and '_'", 'pattern'],
    [{ title: 'x'.repeat(201), mname: 'x' }, 'title', 'Maximum size is 200.', 'max'],
    [
      { title: 'T', mname: 'x', summary_img: '//evil.org/a.png' },
      'summary_img',
      'a link: /… or http(s)://…',
      'pattern',
    ],
    [{ title: 'T', mname: 'x', active: 'yes' }, 'active', 'true or false', 'invalid_type'],
    [{ title: 'T', mname: 'x', colour: 'red' }, '', 'unknown field', 'unrecognized_keys'],
    [{ title: 'T', mname: 'x', _method: 'DELETE' }, '_method', 'only PUT', 'choice'],
    [[], '', 'the body must be a JSON object or a form', 'invalid_type'],
  ])('refuses %p at %p: %p (%p)', (body, path, message, rule) => {
    expect(refusal(NewCategoryBody, body)).toEqual({ path, message, rule });
  });
});

describe('project bodies', () => {
  const base = { title: 'T', mname: 'p', category: TOKEN };

  it('reads the category token lower-cased, dates, numbers and JSON fields', () => {
    expect(
      NewProjectBody.parse({
        ...base,
        start_date: '2028-02-29',
        public_date: '',
        zoom: 12,
        center: { lat: 40.6, lng: 22.9 },
        legislation: null,
      }),
    ).toEqual({
      ...base,
      category: TOKEN.toLowerCase(),
      start_date: '2028-02-29',
      public_date: null,
      zoom: 12,
      center: { lat: 40.6, lng: 22.9 },
      legislation: [],
    });
  });

  it.each([
    [{ start_date: '2026-02-30' }, 'start_date', 'a date (yyyy-MM-dd)', 'pattern'],
    [
      { start_date: '2026-12-02', end_date: '2026-12-01' },
      'end_date',
      'the end date cannot be before the start date',
      'order',
    ],
    [{ zoom: 1.5 }, 'zoom', 'a whole number from 0 to 22', 'range'],
    [{ center: { lat: 91, lng: 22 } }, 'center.lat', 'a latitude from -90 to 90', 'range'],
    [{ center: [40, 22] }, 'center', '{lat, lng} or null', 'invalid_type'],
    [{ center: '{lat: 1' }, 'center', 'invalid JSON', 'invalid_type'],
    [{ wms_services: { title: 'T' } }, 'wms_services', 'a list', 'invalid_type'],
    [
      { wms_services: [{ title: 'T', WMSurl: '/wms', layers: 'a' }] },
      'wms_services.0.WMSurl',
      'an http(s) URL',
      'pattern',
    ],
    [{ category: 'urban-mobility' }, 'category', 'a token', 'type'],
  ])('refuses %p at %p: %p (%p)', (fields, path, message, rule) => {
    expect(refusal(NewProjectBody, { ...base, ...fields })).toEqual({ path, message, rule });
  });

  it('takes a change of any one field', () => {
    expect(ProjectChangesBody.parse({ is_public: false })).toEqual({ is_public: false });
  });
});

describe('topic, attribute and variable bodies', () => {
  const topic = { project: 'harbour', title: 'T', mname: 't' };

  it("reads a form's empty fields as none and lower-cases the colour", () => {
    expect(
      NewTopicBody.parse({
        ...topic,
        boundary: '',
        relative_documents: '',
        geom_type: '',
        max_geom: '',
        geom_color: '#AABBCC',
        forum_topic_id: 3,
      }),
    ).toEqual({
      ...topic,
      boundary: null,
      relative_documents: [],
      geom_type: null,
      max_geom: null,
      geom_color: '#aabbcc',
    });
  });

  it.each([
    [{ project: ' ' }, 'project', 'This value is required.', 'required'],
    [{ max_geom: 0 }, 'max_geom', 'a whole number, at least 1', 'pattern'],
    [{ max_geom: '2000000' }, 'max_geom', 'a whole number, at least 1', 'pattern'],
    [{ geom_type: 'circle' }, 'geom_type', 'one of point, line, polygon', 'invalid_value'],
    [{ geom_color: 'red' }, 'geom_color', 'a colour #rrggbb', 'pattern'],
    [{ relative_documents: '[{"title": "a", ' }, 'relative_documents', 'invalid JSON', 'type'],
    [
      { relative_documents: [{ title: 'a' }] },
      'relative_documents.0.file',
      'This value is required.',
      'invalid_type',
    ],
  ])('refuses %p at %p: %p (%p)', (fields, path, message, rule) => {
    expect(refusal(NewTopicBody, { ...topic, ...fields })).toEqual({ path, message, rule });
  });

  it('needs a position to move an item to', () => {
    expect(AttributeOrderBody.parse({ sort_order: 2, token: TOKEN })).toEqual({ sort_order: 2 });
    expect(refusal(AttributeOrderBody, { node: TOKEN })).toMatchObject({
      message: 'This value is required.',
    });
    expect(refusal(AttributeOrderBody, { sort_order: 0 })).toMatchObject({ rule: 'range' });
  });
});

describe('sort order maps', () => {
  const T1 = '0b0c6a3e-3f59-4a4e-8d7e-1d7a1c0f0a01';
  const T2 = '6a1e4f20-9c1b-4d6e-8a0f-2b3c4d5e6f70';

  it('reads token → position from JSON numbers or form text', () => {
    expect([...SortOrderBody.parse({ [T1]: 2, [T2.toUpperCase()]: '1', _method: 'PUT' })]).toEqual([
      [T1, 2],
      [T2, 1],
    ]);
  });

  it.each([
    [{}, 'sort_order', 'This value is required.', 'required'],
    [{ 'not-a-token': 1 }, 'token', 'a token', 'type'],
    [{ [T1]: 0 }, T1, 'a whole number from 1 to 100000', 'range'],
    [{ [T1]: 'first' }, T1, 'a whole number from 1 to 100000', 'range'],
    [{ [T1]: 1, [T2]: 1 }, T2, 'position 1 is taken by another item', 'duplicate'],
    [{ [T1]: 1, [T1.toUpperCase()]: 2 }, T1.toUpperCase(), 'named twice', 'duplicate'],
    [{ [T1]: 1, _method: 'DELETE' }, '_method', 'only PUT', 'choice'],
  ])('refuses %p at %p: %p (%p)', (body, path, message, rule) => {
    expect(refusal(SortOrderBody, body)).toEqual({ path, message, rule });
  });
});

describe('field kinds', () => {
  it('reads real calendar days only; empty is null', () => {
    expect(OptionalIsoDate.parse('')).toBeNull();
    expect(OptionalIsoDate.parse(null)).toBeNull();
    for (const bad of ['2026-02-30', '2026-13-01', '21/11/2026', '2026-1-1', 5])
      expect(refusal(OptionalIsoDate, bad).message).toBe('a date (yyyy-MM-dd)');
  });

  it('checks every row of a list: exact fields, each required, within size and checked', () => {
    const rows = titledFiles(2);
    expect(rows.parse([{ title: ' Νόμος', file: '/api/x.pdf ' }])).toEqual([
      { title: 'Νόμος', file: '/api/x.pdf' },
    ]);
    expect(refusal(rows, [{ title: 'a' }])).toMatchObject({
      path: '0.file',
      message: 'This value is required.',
    });
    expect(refusal(rows, [{ title: 'a', file: 'ftp://x' }])).toMatchObject({
      path: '0.file',
      rule: 'pattern',
    });
    expect(refusal(rows, [{ title: 'x'.repeat(301), file: '/x' }])).toMatchObject({
      message: 'Maximum size is 300.',
    });
    expect(refusal(rows, [{ title: 'a', file: '/x', size: 1 }])).toMatchObject({ message: 'unknown field' });
    expect(refusal(rows, [{ title: 'a', file: '/x' }, 2, 3])).toMatchObject({ message: 'at most 2 entries' });
  });

  it('tells site links and http(s) URLs from anything else', () => {
    for (const ok of [
      '/api/library/files/a.png',
      'https://example.org/a.png',
      'http://gis.example.org/wms?x=1',
    ])
      expect(isLink(ok)).toBe(true);
    for (const bad of ['//evil.example.org/a.png', 'javascript:alert(1)', 'a.png', 'https://', '/a b', ''])
      expect(isLink(bad)).toBe(false);
  });
});
