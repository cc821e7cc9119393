import {
  isContentHashedPath,
  isMapIcon,
  isOfflineApiRead,
  isPageUrl,
  isShellAsset,
  isStaleRemote,
  ownTilePrefix,
  registryInPage,
  registryVersions,
  remoteFileOf,
} from './rules';

const ORIGIN = 'https://agora.example.org';
const read = (path: string, method = 'GET', origin = ORIGIN) =>
  isOfflineApiRead(new URL(path, origin), method, ORIGIN);

describe('the API reads kept offline', () => {
  it('are the questionnaire’s GETs', () => {
    for (const path of [
      '/api/settings',
      '/api/profile',
      '/api/login',
      '/api/category/mname/urban-mobility',
      '/api/data/scope/questionnaire/category/urban-mobility/project/cycle-lane',
      '/api/data/scope/profile/activeCategory/c1',
      '/api/data/scope/choices/project/p1',
      '/api/data/scope/zones/project/p1',
      '/api/data/scope/geojson/project/p1?layer=mine',
    ])
      expect([path, read(path)]).toEqual([path, true]);
  });

  it('never include a write, another origin, the others’ answers or the rest of the API', () => {
    expect(read('/api/settings', 'POST')).toBe(false);
    expect(read('/api/profile', 'DELETE')).toBe(false);
    expect(read('/api/settings', 'GET', 'https://elsewhere.example.org')).toBe(false);
    expect(read('/api/data/scope/geojson/project/p1?layer=all')).toBe(false);
    expect(read('/api/data/scope/geojson/project/p1?layer=top')).toBe(false);
    expect(read('/api/data/scope/geojson/project/p1')).toBe(false);
    expect(read('/api/users/page/1')).toBe(false);
    expect(read('/api/profile/data')).toBe(false);
    expect(read('/api/settings/scope/general')).toBe(false);
    expect(read('/api/export/job/j1')).toBe(false);
  });
});

describe('remote files', () => {
  it('are read from their versioned URL', () => {
    expect(remoteFileOf('/remotes/mf-consultation/1.0.1/remoteEntry.js')).toEqual({
      folder: 'mf-consultation',
      version: '1.0.1',
      file: 'remoteEntry.js',
    });
    expect(remoteFileOf('/remotes.json')).toBeNull();
    expect(remoteFileOf('/main.3f2a1b9c.js')).toBeNull();
  });

  it('of a version the registry no longer names are stale; other remotes’ and unnamed ones are kept', () => {
    const versions = registryVersions({
      mf_consultation: '/remotes/mf-consultation/1.0.1/mf-manifest.json',
      mf_library: 'https://agora.example.org/remotes/mf-library/2.0.0/mf-manifest.json',
    });
    expect([...versions]).toEqual([
      ['mf-consultation', '1.0.1'],
      ['mf-library', '2.0.0'],
    ]);
    expect(isStaleRemote('/remotes/mf-consultation/1.0.0/remoteEntry.js', versions)).toBe(true);
    expect(isStaleRemote('/remotes/mf-consultation/1.0.0/412.0c1d2e3f.js', versions)).toBe(true);
    expect(isStaleRemote('/remotes/mf-consultation/1.0.1/remoteEntry.js', versions)).toBe(false);
    expect(isStaleRemote('/remotes/mf-members/1.0.0/remoteEntry.js', versions)).toBe(false);
  });

  it('come from the registry in the page', () => {
    const html =
      '<head><script type="application/json" id="agora-remotes">{"mf_consultation":"/remotes/mf-consultation/1.0.1/mf-manifest.json"}</script></head>';
    expect(registryInPage(html)).toEqual({
      mf_consultation: '/remotes/mf-consultation/1.0.1/mf-manifest.json',
    });
    expect(registryInPage('<head></head>')).toBeNull();
    expect(registryInPage('<script id="agora-remotes">[1]</script>')).toBeNull();
    expect(registryInPage('<script id="agora-remotes">{</script>')).toBeNull();
  });
});

describe('hashed files', () => {
  it('are told by the content hash in their name, as the gateway tells them', () => {
    expect(isContentHashedPath('/main.3f2a1b9c.js')).toBe(true);
    expect(isContentHashedPath('/assets/layers.ef6db872.png')).toBe(true);
    expect(isContentHashedPath('/remotes/mf-library/1.0.0/remoteEntry.js')).toBe(false);
    expect(isContentHashedPath('/index.html')).toBe(false);
    expect(isContentHashedPath('/sw.js')).toBe(false);
  });

  it('of the shell are this origin’s, outside /remotes', () => {
    expect(isShellAsset(new URL('/121.c31e3f34.js', ORIGIN), ORIGIN)).toBe(true);
    expect(isShellAsset(new URL('/remotes/mf-library/1.0.0/121.c31e3f34.js', ORIGIN), ORIGIN)).toBe(false);
    expect(isShellAsset(new URL('https://cdn.example.org/121.c31e3f34.js'), ORIGIN)).toBe(false);
  });
});

describe('map tiles', () => {
  it('are cached only from the site’s own tile server', () => {
    expect(ownTilePrefix('/tiles/{z}/{x}/{y}.png', ORIGIN)).toBe('/tiles/');
    expect(ownTilePrefix(`${ORIGIN}/osm/{z}/{x}/{y}.png`, ORIGIN)).toBe('/osm/');
    expect(ownTilePrefix('https://tile.openstreetmap.org/{z}/{x}/{y}.png', ORIGIN)).toBeNull();
    expect(ownTilePrefix('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', ORIGIN)).toBeNull();
    // never the whole site nor the API
    expect(ownTilePrefix('/{z}/{x}/{y}.png', ORIGIN)).toBeNull();
    expect(ownTilePrefix('/api/tiles/{z}/{x}/{y}.png', ORIGIN)).toBeNull();
  });
});

describe('map icons', () => {
  it('are the library’s icons and markers on this origin', () => {
    expect(isMapIcon(new URL('/api/library/files/icons/bench-1a2b3c4d.svg', ORIGIN), ORIGIN)).toBe(true);
    expect(isMapIcon(new URL('/api/library/files/markers/pin.svg', ORIGIN), ORIGIN)).toBe(true);
    expect(isMapIcon(new URL('/api/library/files/law.pdf', ORIGIN), ORIGIN)).toBe(false);
    expect(isMapIcon(new URL('/api/library/files/items/25.png', ORIGIN), ORIGIN)).toBe(false);
    expect(isMapIcon(new URL('https://other.example.org/api/library/files/markers/pin.svg'), ORIGIN)).toBe(
      false,
    );
  });
});

describe('page URLs', () => {
  it('are the site’s routes, as the gateway answers them with the shell’s page', () => {
    const page = (path: string, origin = ORIGIN) => isPageUrl(new URL(path, origin), ORIGIN);
    expect(page('/')).toBe(true);
    expect(page('/participate/category/urban-mobility/project/cycle-lane')).toBe(true);
    expect(page('/admin/library/gallery?x=1')).toBe(true);
    expect(page('/api/profile/data/j1')).toBe(false);
    expect(page('/api/library/files/law.pdf')).toBe(false);
    expect(page('/remotes/mf-library/1.0.0/')).toBe(false);
    expect(page('/manifest.webmanifest')).toBe(false);
    expect(page('/', 'https://elsewhere.example.org')).toBe(false);
  });
});
