import { AppError } from '@agora/common';
import { browserPath } from './file-browser.service.js';
import { fileBrowserRewrite } from './file-browser.module.js';
import type { NextFunction, Request, Response } from 'express';

describe('file browser paths', () => {
  it.each([
    [undefined, true, ''],
    ['', true, ''],
    ['/', true, ''],
    ['items', true, 'items'],
    ['/items/', true, 'items'],
    ['items/a.png', false, 'items/a.png'],
  ])('%p → %p', (value, root, expected) => {
    expect(browserPath(value, root)).toBe(expected);
  });

  it.each(['../../etc', 'items/../..', '..', 'a\\..\\b', 'a\0', '.env', ['x'], 'a'.repeat(400)])(
    'refuses %p',
    (v) => {
      expect(() => browserPath(v, true)).toThrow(AppError);
    },
  );

  it('needs a file path for downloads and deletes', () => {
    expect(() => browserPath('', false)).toThrow(AppError);
    expect(() => browserPath(undefined, false)).toThrow(AppError);
  });
});

describe('?action=fileBrowser routing', () => {
  const rewrite = (url: string) => {
    const req = { url } as Request;
    let called = false;
    fileBrowserRewrite(req, {} as Response, (() => (called = true)) as NextFunction);
    expect(called).toBe(true);
    return req.url;
  };

  it('sends only ?action=fileBrowser on / to the file browser', () => {
    expect(rewrite('/?action=fileBrowser&dir=items')).toBe('/fileBrowser?action=fileBrowser&dir=items');
    expect(rewrite('/?dir=x&action=fileBrowser')).toBe('/fileBrowser?dir=x&action=fileBrowser');
    expect(rewrite('/?action=documentation&uri=a')).toBe('/?action=documentation&uri=a');
    expect(rewrite('/library?action=fileBrowser')).toBe('/library?action=fileBrowser');
  });
});
