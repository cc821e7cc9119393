import { AppError, parsePage } from '@agora/common';
import { PagePipe } from '../http/page.pipe.js';
import type { LibraryItem } from './entities/library-item.entity.js';
import { toLibraryItemResponse } from './library.mapper.js';

function item(overrides: Partial<LibraryItem> = {}): LibraryItem {
  return Object.assign(new (class {})() as LibraryItem, {
    id: '6f1d2c1e-8a4b-4d57-9a43-2f0a3f3c9b10',
    title: 'Πλατεία — Square',
    tags: ['πλατεία', 'square'],
    tooltip: 'tip',
    description: 'desc',
    documentation: 'https://example.org/doc',
    alt_text: 'alt',
    resource_key: 'demo/square.svg',
    mime: 'image/svg+xml',
    width: 800,
    height: 600,
    thumbnail_key: null,
    owner: null,
    created: new Date('2026-11-01T10:00:00.000Z'),
    updated: new Date('2026-11-02T10:00:00.000Z'),
    ...overrides,
  });
}

describe('toLibraryItemResponse', () => {
  it('answers exactly the API fields, with file URLs instead of storage keys', () => {
    expect(toLibraryItemResponse(item(), null)).toStrictEqual({
      uuid: '6f1d2c1e-8a4b-4d57-9a43-2f0a3f3c9b10',
      title: 'Πλατεία — Square',
      tags: ['πλατεία', 'square'],
      tooltip: 'tip',
      description: 'desc',
      documentation: 'https://example.org/doc',
      alt_text: 'alt',
      resource: '/api/library/files/demo/square.svg',
      thumbnail: null,
      width: 800,
      height: 600,
      mime: 'image/svg+xml',
      owner: null,
      can_edit: false,
      can_delete: false,
      created: '2026-11-01T10:00:00.000Z',
    });
  });

  it('tells the viewer whether they may edit it (any editor or admin) and delete it (its owner or an admin)', () => {
    const person = (uuid: string, role: 'admin' | 'editor' | 'reviewer') => ({
      uuid,
      username: role,
      firstname: 'A',
      lastname: 'B',
      email: `${role}@example.org`,
      role,
    });
    const owner = '0b0b0b0b-0000-4000-8000-00000000000b';
    const rights = (o: string | null, viewer: ReturnType<typeof person> | null) => {
      const r = toLibraryItemResponse(item({ owner: o }), viewer);
      return [r.can_edit, r.can_delete];
    };
    expect(rights(owner, person(owner, 'editor'))).toEqual([true, true]);
    expect(rights(owner, person('0c0c0c0c-0000-4000-8000-00000000000c', 'editor'))).toEqual([true, false]);
    expect(rights(owner, person('0c0c0c0c-0000-4000-8000-00000000000c', 'admin'))).toEqual([true, true]);
    expect(rights(owner, person('0c0c0c0c-0000-4000-8000-00000000000c', 'reviewer'))).toEqual([false, false]);
    expect(rights(null, person(owner, 'editor'))).toEqual([true, false]);
    expect(rights(null, person(owner, 'admin'))).toEqual([true, true]);
    expect(rights(owner, null)).toEqual([false, false]);
  });

  it('links the thumbnail when there is one', () => {
    expect(toLibraryItemResponse(item({ thumbnail_key: 'thumbs/a.png' }), null).thumbnail).toBe(
      '/api/library/files/thumbs/a.png',
    );
  });
});

describe('page parsing', () => {
  const pipe = new PagePipe();

  it('reads 1-based page numbers and defaults to 1', () => {
    expect(pipe.transform(undefined)).toBe(1);
    expect(pipe.transform('1')).toBe(1);
    expect(pipe.transform('42')).toBe(42);
    expect(parsePage('7')).toBe(7);
  });

  it.each(['0', '-1', 'abc', '1.5', '01', ' 1', '1e3', '', '9999999999'])('rejects %p with 400', (raw) => {
    try {
      pipe.transform(raw);
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).status).toBe(400);
      expect((e as AppError).code).toBe('REQUEST.PAGE');
    }
  });
});
