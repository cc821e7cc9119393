import { AppError } from '@agora/common';
import { entrySegments } from './archive-reader.js';
import { checkRow } from './backup-content.js';
import { inBatches } from './batches.js';
import { assertFilename } from './backup-catalog.js';
import { remoteDownloadUrl } from './remote-source.js';
import { isPublicAddress } from './remote-fetch.js';

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

describe('restored rows follow the write rules', () => {
  const id = '0b7c4a52-8f7e-4d8e-9a43-5a2d1c0e9f11';
  const created = '2026-01-01T00:00:00.000Z';
  const item = {
    id,
    title: 'Πλατεία',
    tags: ['park'],
    tooltip: '',
    description: '',
    documentation: 'https://example.org/a',
    alt_text: '',
    resource_key: 'items/a.png',
    thumbnail_key: 'thumbs/a.webp',
    mime: 'image/png',
    width: 10,
    height: 10,
    owner: null,
    created,
  };
  const page = {
    id,
    uri: 'about/us',
    title: 'About',
    comment: '',
    type: 'html',
    resource_key: null,
    created,
  };
  const view = { id, uri: 'parks', title: 'Parks', description: '', items: [id], created };

  const refusal = (table: 'library_item' | 'documentation' | 'library_view', row: unknown) => {
    try {
      checkRow(table, row, 7);
    } catch (error) {
      return error as AppError;
    }
    throw new Error('accepted');
  };

  it('sanitises documentation html as the editor endpoint does', () => {
    const out = checkRow(
      'documentation',
      { ...page, html: '<p onclick="x()">hi<script>alert(1)</script><img src="x" onerror="alert(1)"></p>' },
      1,
    );
    expect(out.html).toBe('<p>hi<img src="x" /></p>');
    expect(checkRow('library_item', item, 1)).toEqual(item);
    expect(checkRow('library_view', view, 1)).toEqual(view);
  });

  it.each([
    [
      'a documentation link that is not http(s)',
      'library_item',
      { ...item, documentation: 'javascript:alert(1)' },
      'documentation:',
    ],
    ['a tag with the URL separator', 'library_item', { ...item, tags: ['a;b'] }, 'tags: invalid tag'],
    ['a title above 200 characters', 'library_item', { ...item, title: 'x'.repeat(201) }, 'title:'],
    ['an empty title', 'library_item', { ...item, title: '' }, 'title:'],
    [
      'a key in the backups folder',
      'library_item',
      { ...item, resource_key: 'backups/x.tar.gz' },
      'resource_key:',
    ],
    ['a page uri outside the pattern', 'documentation', { ...page, html: '', uri: 'Bad URI/../x' }, 'uri:'],
    ['a view uri outside the pattern', 'library_view', { ...view, uri: 'javascript:alert(1)' }, 'uri:'],
    ['a view with more than 500 items', 'library_view', { ...view, items: Array(501).fill(id) }, 'items:'],
  ] as const)('refuses %s, naming the row', (_what, table, row, why) => {
    const e = refusal(table, row);
    expect([e.status, e.code]).toEqual([422, 'BACKUP.INVALID_ROW']);
    expect(e.message).toContain(`${table}.jsonl line 7 (id ${id}): ${why}`);
  });
});

describe('remote backup URLs', () => {
  const client = 'a'.repeat(32);
  const allowed = ['http://127.0.0.1:8080', 'http://localhost:8080', 'https://backup.internal'];
  const remote = (domain: string) => {
    const { url, anyAddress } = remoteDownloadUrl(domain, client, allowed);
    return [url.origin, anyAddress];
  };
  it('uses https to public addresses by default, and allows http and any address for allowed origins only', () => {
    expect(remoteDownloadUrl('agora.example.org', client).url.href).toBe(
      `https://agora.example.org/api/libraryExport/api/${client}/download`,
    );
    expect(remote('https://agora.example.org:8443/')).toEqual(['https://agora.example.org:8443', false]);
    expect(remote('http://127.0.0.1:8080')).toEqual(['http://127.0.0.1:8080', true]);
    expect(remote('http://localhost:8080')).toEqual(['http://localhost:8080', true]);
    expect(remote('localhost:8080')).toEqual(['http://localhost:8080', true]);
    expect(remote('127.0.0.1:8080')).toEqual(['http://127.0.0.1:8080', true]);
    expect(remote('backup.internal')).toEqual(['https://backup.internal', true]);
    // https to a loopback origin that is not allowed: only if it resolves to public addresses (it does not)
    expect(remote('https://localhost:8443')).toEqual(['https://localhost:8443', false]);
    for (const bad of [
      'http://agora.example.org',
      'http://127.0.0.1:9090',
      'localhost:9090',
      'http://127.0.0.1.evil.org',
      'ftp://agora.example.org',
      'agora.example.org/path',
      'https://user:pw@agora.example.org',
      'agora.example.org?x=1',
      '',
    ]) {
      expect(() => remoteDownloadUrl(bad, client, allowed)).toThrow(AppError);
    }
    // no origin allowed: loopback over http is refused too
    expect(() => remoteDownloadUrl('http://127.0.0.1:8080', client)).toThrow(AppError);
  });

  it('counts only public unicast addresses as public', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2a00:1450:4001:80b::200e'])
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '192.0.2.1',
      '::1',
      '::',
      'fd00::1',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '2001:db8::1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      'not an address',
    ])
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
  });
});

describe('backup filenames', () => {
  it('accepts plain .tar.gz names only', () => {
    expect(assertFilename('library-20261122-000500-abcdef.tar.gz')).toBe(
      'library-20261122-000500-abcdef.tar.gz',
    );
    for (const bad of ['../x.tar.gz', '.x.tar.gz', 'x.zip', 'a/b.tar.gz', 42]) {
      expect(() => assertFilename(bad)).toThrow(AppError);
    }
  });
});

describe('tasks in batches', () => {
  it('runs at most `size` tasks at once, never two of one key together, and reports the first failure', async () => {
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const gates = new Map<string, () => void>();
    const started = new Map<string, () => void>();
    const whenStarted = (name: string) => new Promise<void>((resolve) => started.set(name, resolve));
    const task = async ([, name]: [string, string]) => {
      running += 1;
      most = Math.max(most, running);
      order.push(`start ${name}`);
      started.get(name)?.();
      await new Promise<void>((resolve) => gates.set(name, resolve));
      order.push(`end ${name}`);
      running -= 1;
    };
    const b1 = whenStarted('b1');
    const done = inBatches(
      [
        ['a', 'a1'],
        ['b', 'b1'],
        ['a', 'a2'],
        ['c', 'c1'],
      ] as Array<[string, string]>,
      3,
      ([key]) => key,
      task,
    );
    await b1;
    // a2 has the key of a1: it waits for a1's batch, even though the batch has room
    expect(order).toEqual(['start a1', 'start b1']);
    const a2 = whenStarted('a2');
    gates.get('b1')!();
    gates.get('a1')!();
    await a2;
    expect(order).toEqual(['start a1', 'start b1', 'end b1', 'end a1', 'start a2', 'start c1']);
    gates.get('a2')!();
    gates.get('c1')!();
    await done;
    expect(most).toBe(2);

    const ran: string[] = [];
    await expect(
      inBatches(
        ['x', 'y', 'z'],
        2,
        (k) => k,
        async (k) => {
          ran.push(k);
          if (k === 'x') throw new AppError('BACKUP.CORRUPT', 422, 'broken');
        },
      ),
    ).rejects.toThrow('broken');
    // the batch of the failure settles; nothing starts after it
    expect(ran).toEqual(['x', 'y']);
  });
});
