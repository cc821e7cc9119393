import { ConfigError } from '@agora/common';
import { loadSocialConfig } from './social.config.js';

describe('loadSocialConfig', () => {
  it("defaults the library's URL to its distributed-mode port on this host and drops a trailing slash", () => {
    expect(loadSocialConfig({})).toEqual({ libraryUrl: 'http://127.0.0.1:3102' });
    expect(loadSocialConfig({ LIBRARY_URL: ' http://library:3102/ ' })).toEqual({
      libraryUrl: 'http://library:3102',
    });
  });

  it('refuses what is not an http(s) URL', () => {
    expect(() => loadSocialConfig({ LIBRARY_URL: 'library' })).toThrow(ConfigError);
    expect(() => loadSocialConfig({ LIBRARY_URL: 'ftp://library' })).toThrow(/LIBRARY_URL/);
  });
});
