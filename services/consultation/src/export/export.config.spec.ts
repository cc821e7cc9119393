import { ConfigError } from '@agora/common';
import { loadExportConfig } from './export.config.js';

describe('loadExportConfig', () => {
  it('keeps the files for 24 hours by default', () => {
    expect(loadExportConfig({})).toEqual({ ttlMs: 86_400_000 });
  });

  it('reads EXPORT_TTL (seconds)', () => {
    expect(loadExportConfig({ EXPORT_TTL: '3600' })).toEqual({ ttlMs: 3_600_000 });
  });

  it.each(['0', '59', '-5', '1h', '1.5', ''])('refuses EXPORT_TTL=%p', (ttl) => {
    expect(() => loadExportConfig({ EXPORT_TTL: ttl })).toThrow(ConfigError);
    expect(() => loadExportConfig({ EXPORT_TTL: ttl })).toThrow(/EXPORT_TTL/);
  });
});
