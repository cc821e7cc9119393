import { act, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RemoteAppProps } from '@agora/platform';
import { adminUser, click, renderWeb } from '../../../scripts/jest/web';
import { AppRoutes } from '../App';
import { shellMessages } from '../i18n';
import { REMOTE_LOAD_TIMEOUT_MS, RemoteArea, RemoteLoaderContext, type RemoteLoader } from './RemoteArea';
import { tracked } from './thenable';

function fakeRemote(name: string): ComponentType<RemoteAppProps> {
  return function FakeRemote({ basePath }: RemoteAppProps) {
    return (
      <p data-testid="remote-app">
        {name} basePath=[{basePath}]
      </p>
    );
  };
}

function renderArea(loader: RemoteLoader) {
  return renderWeb(
    <RemoteLoaderContext value={loader}>
      <RemoteArea name="mf_library" folder="mf-library" basePath="/base" />
    </RemoteLoaderContext>,
    { messages: shellMessages, user: adminUser },
  );
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  // React and the boundary log the failures these tests provoke on purpose.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  consoleError.mockRestore();
  jest.useRealTimers();
});

/** Records whether an element with `testId` was ever in the document (a loading state shown and gone again). */
function watchFor(testId: string): { seen: () => boolean; stop: () => void } {
  let seen = false;
  const observer = new MutationObserver(() => {
    seen ||= document.querySelector(`[data-testid="${testId}"]`) !== null;
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return { seen: () => seen, stop: () => observer.disconnect() };
}

/** A load that settled before the area rendered, as startRemoteApp hands it out. */
async function settledLoad<T>(promise: Promise<T>): Promise<{ load: Promise<T> }> {
  const load = tracked(promise);
  await load.catch(() => undefined);
  return { load };
}

describe('RemoteArea', () => {
  it('renders a remote whose load settled before the area rendered at once, without a loading state', async () => {
    const ready = await settledLoad(Promise.resolve(fakeRemote('library')));
    const loading = watchFor('loading');
    await renderArea(() => ready.load);
    loading.stop();
    expect(screen.getByTestId('remote-app').textContent).toContain('library basePath=[/base]');
    expect(loading.seen()).toBe(false);
  });

  it('shows the fallback at once for a load that failed before the area rendered', async () => {
    const failed = await settledLoad(Promise.reject(new Error('RUNTIME-003 failed to get manifest')));
    const loading = watchFor('loading');
    await renderArea(() => failed.load);
    loading.stop();
    expect(screen.getByTestId('remote-fallback').getAttribute('data-area')).toBe('mf-library');
    expect(loading.seen()).toBe(false);
  });

  it('shows a loading state while the remote loads, then the remote', async () => {
    let resolve: (app: ComponentType<RemoteAppProps>) => void = () => undefined;
    const loader: RemoteLoader = () =>
      new Promise((res) => {
        resolve = res;
      });
    await renderArea(loader);
    expect(screen.getByTestId('loading')).toBeTruthy();
    await act(async () => resolve(fakeRemote('library')));
    expect(screen.getByTestId('remote-app')).toBeTruthy();
    expect(screen.queryByTestId('loading')).toBeNull();
  });

  it('renders the remote with its basePath', async () => {
    const loader = jest.fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>(async () =>
      fakeRemote('library'),
    );
    await renderArea(loader);
    expect((await screen.findByTestId('remote-app')).textContent).toContain('library basePath=[/base]');
    expect(loader).toHaveBeenCalledWith('mf_library', false);
  });

  it('shows the fallback when the load is rejected, and retries on request', async () => {
    const loader = jest
      .fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>()
      .mockRejectedValueOnce(new Error('RUNTIME-003 failed to get manifest'))
      .mockResolvedValueOnce(fakeRemote('library'));
    await renderArea(loader);
    const fallback = await screen.findByTestId('remote-fallback');
    expect(fallback.getAttribute('data-area')).toBe('mf-library');
    expect(fallback.textContent).toContain('This section is unavailable');
    await click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('remote-app')).toBeTruthy();
    expect(loader).toHaveBeenLastCalledWith('mf_library', true);
    expect(screen.queryByTestId('remote-fallback')).toBeNull();
  });

  it('shows the fallback when the remote never answers', async () => {
    jest.useFakeTimers();
    const loader: RemoteLoader = () => new Promise(() => undefined);
    await renderArea(loader);
    expect(screen.getByTestId('loading')).toBeTruthy();
    await act(async () => {
      jest.advanceTimersByTime(REMOTE_LOAD_TIMEOUT_MS - 1);
    });
    expect(screen.queryByTestId('remote-fallback')).toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('remote-fallback').getAttribute('data-area')).toBe('mf-library');
  });
});

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      go {to}
    </button>
  );
}

describe('remote areas in the route table', () => {
  function renderRoutes(loader: RemoteLoader, route: string) {
    return renderWeb(
      <RemoteLoaderContext value={loader}>
        <AppRoutes />
        <GoTo to="/admin/users" />
        <GoTo to="/admin/users/list" />
        <GoTo to="/admin/library/gallery" />
      </RemoteLoaderContext>,
      { messages: shellMessages, user: adminUser, route, probe: true },
    );
  }

  it('resets the error boundary when navigating to another area (one key per area)', async () => {
    const loader = jest.fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>(async (name) => {
      if (name === 'mf_library') throw new Error('library is down');
      return fakeRemote(name);
    });
    await renderRoutes(loader, '/admin/library/gallery');
    expect((await screen.findByTestId('remote-fallback')).getAttribute('data-area')).toBe('mf-library');

    await click(screen.getByRole('button', { name: 'go /admin/users' }));
    expect((await screen.findByTestId('remote-app')).textContent).toContain('mf_members basePath=[]');
    expect(screen.queryByTestId('remote-fallback')).toBeNull();

    // Inside one area the remote stays mounted: no second load.
    await click(screen.getByRole('button', { name: 'go /admin/users/list' }));
    expect(screen.getByTestId('location').textContent).toContain('/admin/users/list');
    expect(screen.getByTestId('remote-app').textContent).toContain('mf_members');
    expect(loader.mock.calls.filter(([name]) => name === 'mf_members')).toHaveLength(1);

    await click(screen.getByRole('button', { name: 'go /admin/library/gallery' }));
    expect((await screen.findByTestId('remote-fallback')).getAttribute('data-area')).toBe('mf-library');
  });
});
