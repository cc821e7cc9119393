import { clearCookies, mockFetch } from '../../scripts/jest/web';
import { earlyGet, startEarlyRequests, takeEarly } from './early';
import {
  applyRemotesRegistry,
  inlineRemotesRegistry,
  registerRemotesFromRegistry,
  startRemoteApp,
} from './remotes/federation';

jest.mock('./remotes/federation', () => ({
  applyRemotesRegistry: jest.fn((body: unknown) => body),
  inlineRemotesRegistry: jest.fn(() => undefined),
  registerRemotesFromRegistry: jest.fn(async () => ({})),
  startRemoteApp: jest.fn(),
}));

const REGISTRY = { mf_library: '/remotes/mf-library/1.0.0/mf-manifest.json' };

async function startAt(pathname: string, { token }: { token: boolean }) {
  clearCookies();
  if (token) document.cookie = 'token=t';
  window.history.replaceState(null, '', pathname);
  const calls = mockFetch({
    'GET /remotes.json': { status: 200, body: REGISTRY },
    'GET /api/profile': { status: 401, body: { Error: 'not logged in' } },
    'GET /api/settings': { status: 200, body: {} },
  });
  startEarlyRequests();
  const remotes = takeEarly('remotes');
  await remotes;
  return { calls, remotes, profile: takeEarly('profile'), settings: takeEarly('settings') };
}

beforeEach(() => jest.clearAllMocks());

describe('startEarlyRequests', () => {
  it('registers the remotes from /remotes.json and starts loading the current route’s remote', async () => {
    const { calls, remotes, profile, settings } = await startAt('/admin/library/gallery', { token: true });
    expect(calls.map((c) => c.url)).toEqual(['/remotes.json', '/api/profile', '/api/settings']);
    expect(settings).toBeInstanceOf(Promise);
    expect(registerRemotesFromRegistry).toHaveBeenCalledWith('/remotes.json', expect.any(Promise));
    expect(remotes).toBeInstanceOf(Promise);
    expect(profile).toBeInstanceOf(Promise);
    expect(startRemoteApp).toHaveBeenCalledWith('mf_library');
    // Each early result is handed out once.
    expect(takeEarly('remotes')).toBeUndefined();
  });

  it('starts the remote of a public route without a session', async () => {
    const { profile, settings, calls } = await startAt('/participate', { token: false });
    expect(profile).toBeUndefined();
    // the settings are public: asked for every visitor
    expect(settings).toBeInstanceOf(Promise);
    expect(calls.map((c) => c.url)).toEqual(['/remotes.json', '/api/settings']);
    expect(startRemoteApp).toHaveBeenCalledWith('mf_consultation');
  });

  it('loads no remote for an admin route without a session (the login page shows) or a shell page', async () => {
    await startAt('/admin/users', { token: false });
    await startAt('/login', { token: true });
    await startAt('/admin/dashboard', { token: true });
    expect(startRemoteApp).not.toHaveBeenCalled();
  });

  it('uses the registry the gateway put in the page instead of asking for /remotes.json', async () => {
    jest.mocked(inlineRemotesRegistry).mockReturnValueOnce(REGISTRY);
    const { calls, remotes } = await startAt('/admin/library/gallery', { token: true });
    expect(calls.map((c) => c.url)).toEqual(['/api/profile', '/api/settings']);
    expect(registerRemotesFromRegistry).not.toHaveBeenCalled();
    expect(applyRemotesRegistry).toHaveBeenCalledWith(REGISTRY, 'in the page');
    await expect(remotes).resolves.toEqual(REGISTRY);
    expect(startRemoteApp).toHaveBeenCalledWith('mf_library');
  });

  it('loads no remote when the registry in the page is not a registry', async () => {
    jest.mocked(inlineRemotesRegistry).mockReturnValueOnce(['not', 'a', 'registry']);
    jest.mocked(applyRemotesRegistry).mockImplementationOnce(() => {
      throw new Error('not a map of names to manifest URLs');
    });
    await expect(startAt('/admin/library/gallery', { token: true })).rejects.toThrow('not a map');
    expect(startRemoteApp).not.toHaveBeenCalled();
  });

  it('loads no remote when the registry could not be read', async () => {
    jest.mocked(registerRemotesFromRegistry).mockRejectedValueOnce(new Error('HTTP 503'));
    await expect(startAt('/admin/library/gallery', { token: true })).rejects.toThrow('HTTP 503');
    expect(startRemoteApp).not.toHaveBeenCalled();
  });
});

describe('earlyGet', () => {
  it('asks for a GET path of the API, which the compiler checks', async () => {
    const calls = mockFetch({ 'GET /api/profile': { status: 401, body: { Error: 'not logged in' } } });
    const res = await earlyGet('/api/profile', { credentials: 'include' });
    expect(res.status).toBe(401);
    expect(calls.map((c) => c.url)).toEqual(['/api/profile']);
    // @ts-expect-error: no GET path of the API
    expect(() => void earlyGet('/api/profiles', {})).toBeDefined();
  });
});
