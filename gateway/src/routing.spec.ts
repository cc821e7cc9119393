import { hasDotSegment, routeOf } from './api.js';
import { browserResponseHeaders, withoutGatewayCookies } from './proxy.js';
import { acceptRequestId } from './request-id.js';
import { isContentHashed } from './static-files.js';
import { redactUrl } from './logging.js';

describe('routeOf (path after /api, as the client sent it)', () => {
  it.each([
    ['/users/page/1', 'accounts'],
    ['/login', 'accounts'],
    ['/?action=documentation&uri=x', 'library'],
    ['/?uri=x&action=libraryView', 'library'],
    ['/libraryView/3', 'library'],
    ['/admin/public_upload/path/editor', 'library'],
    ['/validation/scope/users', 'accounts'],
    ['/validation/scope/category/fields/name', 'consultation'],
    ['/checkIfExists/scope/invitation/field/email/value/a%40b.gr', 'mailing'],
    ['/project/createThread/12', 'consultation'],
    ['/invitation/page/1', 'mailing'],
  ])('%s → %s', (url, owner) => {
    expect(routeOf(url)).toBe(owner);
  });

  it('has no owner for unknown paths, the bare root and dot segments', () => {
    expect(routeOf('/nothing/here')).toBeNull();
    expect(routeOf('/')).toBeNull();
    expect(routeOf('/?action=unknown')).toBeNull();
    expect(routeOf('/library/../users/1')).toBeNull();
    expect(routeOf('/library/%2e%2e/users/1')).toBeNull();
  });

  it('has no owner for prototype names as scopes or actions', () => {
    expect(routeOf('/validation/scope/constructor')).toBeNull();
    expect(routeOf('/validation/scope/__proto__')).toBeNull();
    expect(routeOf('/checkIfExists/scope/constructor/field/a/value/b')).toBeNull();
    expect(routeOf('/?action=constructor')).toBeNull();
    expect(routeOf('/?action=__proto__')).toBeNull();
  });

  it('hasDotSegment sees plain and encoded dot segments only', () => {
    expect(hasDotSegment('/a/./b')).toBe(true);
    expect(hasDotSegment('/a/%2E%2e/b')).toBe(true);
    expect(hasDotSegment('/documentation/file.v2.pdf')).toBe(false);
    expect(hasDotSegment('/value/a%2Fb')).toBe(false);
    expect(hasDotSegment('/value/%E0%A4%A')).toBe(false);
  });
});

describe('headers between browser and services', () => {
  it('keeps the gateway cookies away from the services', () => {
    expect(withoutGatewayCookies('agora_sid=abc; lang=el; token=xyz')).toBe('lang=el');
    expect(withoutGatewayCookies('agora_sid=abc; token=xyz')).toBeUndefined();
    expect(withoutGatewayCookies(undefined)).toBeUndefined();
    expect(withoutGatewayCookies('tokens=1; xtoken=2')).toBe('tokens=1; xtoken=2');
  });

  it('never passes x-agora-* or hop-by-hop answer headers to the browser', () => {
    const out = browserResponseHeaders({
      'content-type': 'application/json',
      'x-agora-session': 'sid',
      'X-Agora-Anything': '1',
      connection: 'keep-alive, x-private',
      'x-private': 'p',
      'keep-alive': 'timeout=5',
      'transfer-encoding': 'chunked',
      'set-cookie': ['a=1', 'b=2'],
    });
    expect(Object.fromEntries(out)).toEqual({
      'content-type': 'application/json',
      'set-cookie': ['a=1', 'b=2'],
    });
  });
});

describe('small helpers', () => {
  it('keeps a plain incoming request id and replaces anything else', () => {
    expect(acceptRequestId('abc-123_x.y:z')).toBe('abc-123_x.y:z');
    expect(acceptRequestId('bad id\n')).toMatch(/^[0-9a-f-]{36}$/);
    expect(acceptRequestId('x'.repeat(200))).toMatch(/^[0-9a-f-]{36}$/);
    expect(acceptRequestId(['a', 'b'])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('recognises content-hashed build files', () => {
    expect(isContentHashed('/r/mf-library/1.0.0/main.3f2a1b9c.js')).toBe(true);
    expect(isContentHashed('412.0c1d2e3f.css')).toBe(true);
    expect(isContentHashed('a1b2c3d4e5f6a7b8.png')).toBe(true);
    expect(isContentHashed('remoteEntry.js')).toBe(false);
    expect(isContentHashed('mf-manifest.json')).toBe(false);
    expect(isContentHashed('index.html')).toBe(false);
    expect(isContentHashed('general-el.json')).toBe(false);
  });

  it('redacts secret-looking query values in logged URLs', () => {
    expect(redactUrl('/api/users/page/1')).toBe('/api/users/page/1');
    expect(redactUrl('/api/x?page=2&api_secret=s3&token=t&Password=p')).toBe(
      '/api/x?page=2&api_secret=***&token=***&Password=***',
    );
  });
});
