import path from 'node:path';
import { ConfigError } from '@agora/common';
import { loadLibraryConfig } from './library.config.js';

describe('loadLibraryConfig', () => {
  it('defaults the storage folder to <AGORA_DATA_DIR>/files/library and demo data to off', () => {
    const config = loadLibraryConfig({}, '/srv/agora');
    expect(config.storage).toEqual({
      dir: '/srv/agora/files/library',
      privateDir: '/srv/agora/files/library-private',
    });
    expect(config.demoData).toBe(false);
  });

  it('resolves a relative STORAGE_DIR to an absolute path', () => {
    const config = loadLibraryConfig({ STORAGE_DIR: 'some/files' }, 'data');
    expect(config.storage.dir).toBe(path.resolve('some/files'));
  });

  it('treats an empty STORAGE_DIR as unset', () => {
    expect(loadLibraryConfig({ STORAGE_DIR: ' ' }, '/d').storage.dir).toBe('/d/files/library');
  });

  it('keeps the private files (backups) outside the public storage folder', () => {
    expect(loadLibraryConfig({ STORAGE_DIR: '/srv/files' }, '/d').storage.privateDir).toBe(
      '/srv/files-private',
    );
    expect(
      loadLibraryConfig({ STORAGE_DIR: '/srv/files', STORAGE_PRIVATE_DIR: '/srv/backups' }, '/d').storage
        .privateDir,
    ).toBe('/srv/backups');
    for (const privateDir of ['/srv/files', '/srv/files/backups', '/srv', '/'])
      expect(() =>
        loadLibraryConfig({ STORAGE_DIR: '/srv/files', STORAGE_PRIVATE_DIR: privateDir }, '/d'),
      ).toThrow(ConfigError);
  });

  it('reads the origins a restore may pull from, as origins, and refuses anything else at start', () => {
    expect(loadLibraryConfig({}, '/d').backups.remoteOrigins).toEqual([]);
    expect(
      loadLibraryConfig(
        {
          BACKUP_REMOTE_ORIGINS: 'https://Agora.Example.org/, http://127.0.0.1:8080  https://b.example:8443',
        },
        '/d',
      ).backups.remoteOrigins,
    ).toEqual(['https://agora.example.org', 'http://127.0.0.1:8080', 'https://b.example:8443']);
    for (const bad of [
      'agora.example.org',
      'ftp://x.org',
      'https://x.org/path',
      'https://u:p@x.org',
      'https://x.org?a',
    ])
      expect(() => loadLibraryConfig({ BACKUP_REMOTE_ORIGINS: bad }, '/d')).toThrow(ConfigError);
  });

  it('reads AGORA_DEMO_DATA and rejects anything but true/false', () => {
    expect(loadLibraryConfig({ AGORA_DEMO_DATA: 'true' }, '/d').demoData).toBe(true);
    expect(() => loadLibraryConfig({ AGORA_DEMO_DATA: 'yes' }, '/d')).toThrow(ConfigError);
  });

  it('reads the S3 store only when all five settings are given', () => {
    const s3 = {
      STORAGE_S3_ENDPOINT: 'https://s3.example.org',
      STORAGE_S3_BUCKET: 'agora',
      STORAGE_S3_REGION: 'eu-central-1',
      STORAGE_S3_ACCESS_KEY: 'key',
      STORAGE_S3_SECRET_KEY: 'secret',
    };
    expect(loadLibraryConfig(s3, '/d').storage.s3).toEqual({
      endpoint: 'https://s3.example.org',
      bucket: 'agora',
      region: 'eu-central-1',
      accessKey: 'key',
      secretKey: 'secret',
    });
    expect(() => loadLibraryConfig({ STORAGE_S3_BUCKET: 'agora' }, '/d')).toThrow(ConfigError);
    expect(() => loadLibraryConfig({ ...s3, STORAGE_S3_ENDPOINT: 'ftp://x' }, '/d')).toThrow(ConfigError);
  });

  it('reads the backup limits, with defaults', () => {
    const d = loadLibraryConfig({}, '/d').backups;
    expect(d.maxEntries).toBe(200_000);
    expect(d.maxUploadBytes).toBe(2 * 1024 ** 3);
    const c = loadLibraryConfig({ BACKUP_MAX_TOTAL_BYTES: '1000', BACKUP_STAGING_DIR: '/tmp/x' }, '/d');
    expect(c.backups.maxTotalBytes).toBe(1000);
    expect(c.backups.stagingDir).toBe('/tmp/x');
    expect(() => loadLibraryConfig({ BACKUP_MAX_ENTRIES: '-1' }, '/d')).toThrow(ConfigError);
  });
});
