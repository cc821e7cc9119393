import path from 'node:path';
import { ConfigError } from '@agora/common';
import { loadExportConfig } from './export.config.js';

describe('loadExportConfig', () => {
  it('keeps the files under the data dir for 24 hours by default', () => {
    expect(loadExportConfig({}, '/srv/agora')).toEqual({
      dir: path.resolve('/srv/agora/exports/consultation'),
      ttlMs: 86_400_000,
    });
  });

  it('reads EXPORT_DIR and EXPORT_TTL (seconds)', () => {
    expect(loadExportConfig({ EXPORT_DIR: '/var/exports', EXPORT_TTL: '3600' }, '/srv/agora')).toEqual({
      dir: path.resolve('/var/exports'),
      ttlMs: 3_600_000,
    });
  });

  it.each(['0', '59', '-5', '1h', '1.5', ''])('refuses EXPORT_TTL=%p', (ttl) => {
    expect(() => loadExportConfig({ EXPORT_TTL: ttl }, '/srv/agora')).toThrow(ConfigError);
    expect(() => loadExportConfig({ EXPORT_TTL: ttl }, '/srv/agora')).toThrow(/EXPORT_TTL/);
  });
});
