import { acceptedVariants, isContentHashed } from './static-files.js';

const encodings = (header: string | undefined) => acceptedVariants(header).map((v) => v.encoding);

describe('acceptedVariants', () => {
  it.each<[string | undefined, string[]]>([
    ['gzip, deflate, br, zstd', ['br', 'gzip']], // Chromium: brotli first although listed after gzip
    ['gzip, deflate', ['gzip']],
    ['br', ['br']],
    ['BR;Q=0.5, gzip;q=0.8', ['gzip', 'br']],
    ['gzip;q=0.9, br;q=1.0', ['br', 'gzip']],
    ['br;q=0, gzip', ['gzip']],
    ['*', ['br', 'gzip']],
    ['*;q=0.5, gzip', ['gzip', 'br']],
    ['gzip;q=0, *', ['br']],
    ['identity', []],
    ['', []],
    [undefined, []],
    ['br;q=abc, gzip', ['gzip']],
  ])('Accept-Encoding %p: %p', (header, expected) => {
    expect(encodings(header)).toEqual(expected);
  });
});

describe('isContentHashed with precompressed copies', () => {
  it('caches a copy like its original', () => {
    expect(isContentHashed('/r/mf-library/1.0.0/main.3f2a1b9c.js.br')).toBe(true);
    expect(isContentHashed('412.0c1d2e3f.css.gz')).toBe(true);
    expect(isContentHashed('remoteEntry.js.br')).toBe(false);
    expect(isContentHashed('index.html.gz')).toBe(false);
  });
});
