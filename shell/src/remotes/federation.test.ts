import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteAppModule } from '@agora/platform';
import { fakeResponse } from '../../../scripts/jest/web';
import {
  inlineRemotesRegistry,
  INLINE_REGISTRY_ID,
  loadRemoteApp,
  registerRemotesFromRegistry,
  startRemoteApp,
} from './federation';
import { isSettled } from './thenable';

jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: () => ({}),
  init: jest.fn(),
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;
const App: RemoteAppModule['default'] = () => null;
const REGISTRY = {
  mf_library: '/remotes/mf-library/1.0.0/mf-manifest.json',
  mf_members: '/remotes/mf-members/1.0.0/mf-manifest.json',
};

async function register(registry: Record<string, string> = REGISTRY) {
  await registerRemotesFromRegistry('/remotes.json', Promise.resolve(fakeResponse(200, registry)));
}

/** A remote module whose load the test settles by hand. */
function heldModule() {
  let resolve: (module: Partial<RemoteAppModule>) => void = () => undefined;
  const promise = new Promise<Partial<RemoteAppModule>>((res) => {
    resolve = res;
  });
  return { promise, resolve: (module: Partial<RemoteAppModule>) => resolve(module) };
}

beforeEach(async () => {
  jest.clearAllMocks();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/admin/library/gallery');
  await register();
});
afterEach(() => jest.restoreAllMocks());

describe('registerRemotesFromRegistry', () => {
  it('registers every remote of the registry', async () => {
    expect(registerRemotes).toHaveBeenCalledWith(
      [
        { name: 'mf_library', entry: REGISTRY.mf_library },
        { name: 'mf_members', entry: REGISTRY.mf_members },
      ],
      { force: true },
    );
  });

  it('rejects an answer that is not a map of names to manifest URLs', async () => {
    await expect(
      registerRemotesFromRegistry('/remotes.json', Promise.resolve(fakeResponse(200, ['x']))),
    ).rejects.toThrow('not a map of names to manifest URLs');
    await expect(
      registerRemotesFromRegistry('/remotes.json', Promise.resolve(fakeResponse(503, {}))),
    ).rejects.toThrow('HTTP 503');
  });
});

describe('inlineRemotesRegistry', () => {
  afterEach(() => document.getElementById(INLINE_REGISTRY_ID)?.remove());

  function pageWith(text: string) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = INLINE_REGISTRY_ID;
    script.textContent = text;
    document.head.append(script);
  }

  it('reads the registry the gateway put in the page', () => {
    pageWith(JSON.stringify(REGISTRY));
    expect(inlineRemotesRegistry()).toEqual(REGISTRY);
  });

  it('is undefined without one, or when it is not JSON (the shell then asks for /remotes.json)', () => {
    expect(inlineRemotesRegistry()).toBeUndefined();
    pageWith('{"mf_library": ');
    expect(inlineRemotesRegistry()).toBeUndefined();
  });
});

describe('startRemoteApp and loadRemoteApp', () => {
  it('hands the load started early to the first area that asks, marked settled once it is', async () => {
    const held = heldModule();
    mockedLoadRemote.mockReturnValueOnce(held.promise);
    startRemoteApp('mf_library');
    startRemoteApp('mf_library'); // a second start is the same load
    expect(mockedLoadRemote).toHaveBeenCalledTimes(1);
    expect(mockedLoadRemote).toHaveBeenCalledWith('mf_library/App');

    const early = loadRemoteApp('mf_library', false);
    expect(isSettled(early)).toBe(false);
    held.resolve({ default: App });
    await expect(early).resolves.toBe(App);
    expect(isSettled(early)).toBe(true);

    // Handed out once: a later area loads again (the Module Federation runtime caches the module itself).
    mockedLoadRemote.mockResolvedValueOnce({ default: App });
    await expect(loadRemoteApp('mf_library', false)).resolves.toBe(App);
    expect(mockedLoadRemote).toHaveBeenCalledTimes(2);
  });

  it('preloads the page of the current URL before handing out the App', async () => {
    const order: string[] = [];
    const preload = jest.fn(async (pathname: string, basePath: string) => {
      order.push(`preload ${basePath}${pathname}`);
    });
    mockedLoadRemote.mockResolvedValueOnce({ default: App, preload });
    const app = await loadRemoteApp('mf_library', false);
    order.push('app');
    expect(app).toBe(App);
    expect(preload).toHaveBeenCalledWith('/admin/library/gallery', '');
    expect(order).toEqual(['preload /admin/library/gallery', 'app']);
  });

  it('hands out the App when its page could not be preloaded (the page loads when it renders)', async () => {
    const preload = jest.fn(async () => {
      throw new Error('chunk 363 failed');
    });
    mockedLoadRemote.mockResolvedValueOnce({ default: App, preload });
    await expect(loadRemoteApp('mf_library', false)).resolves.toBe(App);
    expect(console.warn).toHaveBeenCalled();
  });

  it('rejects a remote without a default export, and one missing from the registry', async () => {
    mockedLoadRemote.mockResolvedValueOnce({});
    await expect(loadRemoteApp('mf_library', false)).rejects.toThrow('has no default export');
    startRemoteApp('mf_unknown');
    await expect(loadRemoteApp('mf_unknown', false)).rejects.toThrow('not in the registry');
    expect(mockedLoadRemote).toHaveBeenCalledTimes(1);
  });

  it('on a retry, ignores a load started early and registers the remote again before loading', async () => {
    mockedLoadRemote.mockRejectedValueOnce(new Error('RUNTIME-003'));
    startRemoteApp('mf_members');
    jest.mocked(registerRemotes).mockClear();
    mockedLoadRemote.mockResolvedValueOnce({ default: App });
    await expect(loadRemoteApp('mf_members', true)).resolves.toBe(App);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mf_members', entry: REGISTRY.mf_members }], {
      force: true,
    });
    expect(mockedLoadRemote).toHaveBeenCalledTimes(2);
  });
});
