import { clearOfflineData } from './offline';

/** A window with the Cache API and a controlling worker, recording what is deleted and posted. */
function fakeWindow(names: string[], opts: { worker?: boolean; failing?: boolean } = {}) {
  const deleted: string[] = [];
  const posted: unknown[] = [];
  const win = {
    navigator: {
      serviceWorker:
        opts.worker === false ? undefined : { controller: { postMessage: (m: unknown) => posted.push(m) } },
    },
    caches: {
      keys: async () => {
        if (opts.failing) throw new DOMException('denied', 'SecurityError');
        return names;
      },
      delete: async (name: string) => {
        deleted.push(name);
        return true;
      },
    },
  } as unknown as Window;
  return { win, deleted, posted };
}

describe('clearOfflineData', () => {
  it('deletes every cache of API answers and keeps the shell’s and the remotes’', async () => {
    const { win, deleted, posted } = fakeWindow([
      'agora-api-u1',
      'agora-api-u2',
      'agora-pages',
      'agora-remote-entries',
      'agora-precache-v2-https://agora.example.org/',
    ]);
    await clearOfflineData(win);
    expect(deleted).toEqual(['agora-api-u1', 'agora-api-u2']);
    expect(posted).toEqual([{ type: 'agora-logout' }]);
  });

  it('does without a worker, and never throws', async () => {
    const without = fakeWindow(['agora-api-u1'], { worker: false });
    await clearOfflineData(without.win);
    expect(without.deleted).toEqual(['agora-api-u1']);

    const failing = fakeWindow(['agora-api-u1'], { failing: true });
    await expect(clearOfflineData(failing.win)).resolves.toBeUndefined();

    await expect(clearOfflineData({ navigator: {} } as unknown as Window)).resolves.toBeUndefined();
  });
});
