import { AppError } from '@agora/common';
import { entrySegments } from './archive-reader.js';
import { looksLikeDocument, looksLikeImage } from './backup-content.js';
import { pdfBytes, pngBytes, webpBytes } from './backup-test-helpers.js';
import { BackupJobs, MemoryJobStore } from './backup-jobs.js';
import { assertFilename, remoteDownloadUrl } from './backups.service.js';

describe('archive entry paths', () => {
  it.each([
    ['manifest.json', ['manifest.json']],
    ['./files/items/a.png', ['files', 'items', 'a.png']],
    ['files/', ['files']],
  ])('accepts %p', (raw, segments) => {
    expect(entrySegments(raw)).toEqual(segments);
  });

  it.each(['../x', 'files/../../x', '/etc/passwd', 'C:/x', 'files\\..\\x', 'a\0b', '..'])(
    'refuses %p',
    (raw) => {
      expect(() => entrySegments(raw)).toThrow(AppError);
    },
  );
});

describe('file sniffing', () => {
  it('recognises images and documents by their first bytes', () => {
    expect(looksLikeImage(pngBytes(10))).toBe(true);
    expect(looksLikeImage(webpBytes(10))).toBe(true);
    expect(looksLikeImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(looksLikeImage(Buffer.from('GIF89a....'))).toBe(true);
    expect(looksLikeImage(Buffer.from('\uFEFF <?xml version="1.0"?><svg xmlns="x"></svg>'))).toBe(true);
    expect(looksLikeImage(Buffer.from('<html><body>svg</body></html>'))).toBe(false);
    expect(looksLikeImage(pdfBytes())).toBe(false);
    expect(looksLikeDocument(pdfBytes())).toBe(true);
    expect(looksLikeDocument(Buffer.from('504b030414000600', 'hex'))).toBe(true);
    expect(looksLikeDocument(Buffer.from('d0cf11e0a1b11ae1', 'hex'))).toBe(true);
    expect(looksLikeDocument(pngBytes(10))).toBe(false);
  });
});

describe('remote backup URLs', () => {
  const client = 'a'.repeat(32);
  it('uses https by default and allows http for loopback hosts only', () => {
    expect(remoteDownloadUrl('agora.example.org', client).href).toBe(
      `https://agora.example.org/api/libraryExport/api/${client}/download`,
    );
    expect(remoteDownloadUrl('https://agora.example.org:8443/', client).origin).toBe(
      'https://agora.example.org:8443',
    );
    expect(remoteDownloadUrl('http://127.0.0.1:8080', client).origin).toBe('http://127.0.0.1:8080');
    expect(remoteDownloadUrl('http://localhost:8080', client).origin).toBe('http://localhost:8080');
    expect(remoteDownloadUrl('localhost:8080', client).origin).toBe('http://localhost:8080');
    expect(remoteDownloadUrl('127.0.0.1:8080', client).origin).toBe('http://127.0.0.1:8080');
    expect(remoteDownloadUrl('https://localhost:8443', client).origin).toBe('https://localhost:8443');
    for (const bad of [
      'http://agora.example.org',
      'http://127.0.0.1.evil.org',
      'ftp://agora.example.org',
      'agora.example.org/path',
      'https://user:pw@agora.example.org',
      'agora.example.org?x=1',
      '',
    ]) {
      expect(() => remoteDownloadUrl(bad, client)).toThrow(AppError);
    }
  });
});

describe('backup filenames and jobs', () => {
  it('accepts plain .tar.gz names only', () => {
    expect(assertFilename('library-20261122-000500-abcdef.tar.gz')).toBe(
      'library-20261122-000500-abcdef.tar.gz',
    );
    for (const bad of ['../x.tar.gz', '.x.tar.gz', 'x.zip', 'a/b.tar.gz', 42]) {
      expect(() => assertFilename(bad)).toThrow(AppError);
    }
  });

  it('runs one job at a time and reports failures with their code and status', async () => {
    const jobs = new BackupJobs();
    let release: () => void = () => undefined;
    const first = await jobs.start('export', async (job) => {
      job.progress(40);
      await new Promise<void>((resolve) => (release = resolve));
    });
    expect(await jobs.get(first.id)).toEqual(expect.objectContaining({ state: 'running', progress: 40 }));
    await expect(jobs.start('restore', async () => undefined)).rejects.toEqual(
      expect.objectContaining({ status: 409, code: 'BACKUP.BUSY' }),
    );
    await expect(jobs.assertIdle()).rejects.toEqual(expect.objectContaining({ code: 'BACKUP.BUSY' }));
    release();
    await jobs.idle();
    expect(await jobs.get(first.id)).toEqual(expect.objectContaining({ state: 'done', progress: 100 }));
    const failed = await jobs.start('restore', async () => {
      throw new AppError('BACKUP.X', 422, 'broken');
    });
    await jobs.idle();
    expect(await jobs.get(failed.id)).toEqual(
      expect.objectContaining({ state: 'failed', error: 'broken', code: 'BACKUP.X', status: 422 }),
    );
    const crashed = await jobs.start('restore', async () => {
      throw new Error('secret detail');
    });
    await jobs.idle();
    expect(await jobs.get(crashed.id)).toEqual(
      expect.objectContaining({ state: 'failed', error: 'internal error' }),
    );
  });

  it('shares job states through the store: another instance sees the progress and is refused while it runs', async () => {
    const store = new MemoryJobStore();
    const here = new BackupJobs(store);
    const there = new BackupJobs(store);
    let release: () => void = () => undefined;
    const job = await here.start('export', async (control) => {
      control.progress(30);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await expect(there.start('restore', async () => undefined)).rejects.toEqual(
      expect.objectContaining({ code: 'BACKUP.BUSY' }),
    );
    await expect(there.get(job.id)).resolves.toEqual(
      expect.objectContaining({ state: 'running', progress: 30 }),
    );
    release();
    await here.idle();
    await expect(there.get(job.id)).resolves.toEqual(
      expect.objectContaining({ state: 'done', progress: 100 }),
    );
    await expect(there.get('nope')).rejects.toEqual(expect.objectContaining({ status: 404 }));
  });
});
