// Shared rspack + Module Federation configuration for the shell and the four remotes.
//
// - The shell is the host: it provides every shared singleton and the Module Federation runtime
//   (`provideExternalRuntime`), so a remote's remoteEntry.js carries neither (`externalRuntime`).
// - Remotes consume the shared singletons with `import: false`: they never bundle their own copy of React,
//   the router, jotai, swr, react-intl, Leaflet, the platform kit (@agora/platform) or the library's pieces
//   (@agora/library-ui). A remote therefore only runs inside the shell.
// - Remotes are registered at run time from `/remotes.json`; the shell has no remotes at build time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(ROOT, 'dist');

/** The remotes: folder (npm workspace, URL segment) and Module Federation container name. */
export const REMOTES = [
  { folder: 'mf-library', name: 'mf_library' },
  { folder: 'mf-consultation', name: 'mf_consultation' },
  { folder: 'mf-admin-structure', name: 'mf_admin_structure' },
  { folder: 'mf-members', name: 'mf_members' },
];

const SHARED_ROUTER = path.join(ROOT, 'shell/src/shared/react-router.ts');
const ROUTER_BUILD = path.join(ROOT, 'node_modules/react-router/dist/production/index.mjs');

// Module Federation's runtime as ES modules (rspack resolves it to CommonJS by default), so that unused parts
// (Node.js loaders, snapshot code in remotes) are tree-shaken.
const MF = path.join(ROOT, 'node_modules/@module-federation');
const MF_RUNTIME_ESM = {
  [`${MF}/webpack-bundler-runtime/dist/index.cjs$`]: `${MF}/webpack-bundler-runtime/dist/index.js`,
  [`${MF}/inject-external-runtime-core-plugin/dist/index.cjs$`]: `${MF}/inject-external-runtime-core-plugin/dist/index.js`,
  '@module-federation/runtime': `${MF}/runtime/dist/index.js`,
  '@module-federation/runtime-tools': `${MF}/runtime-tools/dist/index.js`,
};

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const versionOf = (dir) => readJson(path.join(dir, 'package.json')).version;
const depVersion = (dep) => readJson(path.join(ROOT, 'node_modules', dep, 'package.json')).version;
const caret = (version) => `^${version.split('.')[0]}.0.0`;

/**
 * Shared singletons that no page needs at start: their chunks get no start-up preload hint (see
 * scripts/build-web.mjs). The remotes that pick from the library (mf-library, mf-admin-structure) load
 * @agora/library-ui with their own code.
 */
export const LAZY_SHARED = ['@agora/library-ui'];

/** Shared singletons (DESIGN §5). The shell provides them; remotes consume them. */
function sharedConfig({ provider }) {
  const workspace = {
    '@agora/platform': versionOf(path.join(ROOT, 'packages/platform')),
    '@agora/library-ui': versionOf(path.join(ROOT, 'packages/library-ui')),
    '@agora/contracts': versionOf(path.join(ROOT, 'packages/contracts')),
  };
  const packages = {
    react: 'react',
    'react/jsx-runtime': 'react',
    'react-dom': 'react-dom',
    'react-dom/client': 'react-dom',
    'react-router': 'react-router',
    'react-router-dom': 'react-router-dom',
    jotai: 'jotai',
    swr: 'swr',
    'react-intl': 'react-intl',
    // Not Leaflet nor leaflet-draw: only the map primitive of @agora/platform (itself a shared singleton) imports
    // them, on first use, so there is one copy per page without sharing them; as ordinary lazy chunks of the shell
    // they load with one request each, where a shared module's load is two in a row (its consumer's chunk, then
    // the provider's).
  };
  // The shell provides React Router's declarative API only (see shell/src/shared/react-router.ts).
  const imports = { 'react-router': SHARED_ROUTER, 'react-router-dom': SHARED_ROUTER };
  const shared = {};
  for (const [key, pkg] of Object.entries(packages)) {
    const version = depVersion(pkg);
    shared[key] = {
      singleton: true,
      requiredVersion: caret(version),
      ...(provider ? { version, ...(imports[key] ? { import: imports[key] } : {}) } : { import: false }),
    };
  }
  // The shell provides these although its own code does not import them (a shared module named by package is
  // provided only when the build imports it; one named by file always is).
  const provideAlways = { '@agora/library-ui': path.join(ROOT, 'packages/library-ui/src/index.ts') };
  for (const [key, version] of Object.entries(workspace)) {
    shared[key] = {
      singleton: true,
      requiredVersion: caret(version),
      ...(provider
        ? { version, ...(provideAlways[key] ? { import: provideAlways[key] } : {}) }
        : { import: false }),
    };
  }
  return shared;
}

const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
  },
  env: { targets: 'chrome >= 109, firefox >= 115, safari >= 16' },
};

/**
 * @param {object} o
 * @param {string} o.appDir      folder of the app (shell or a remote)
 * @param {string} o.name        Module Federation container name
 * @param {string} o.outDir      absolute output folder
 * @param {string} o.publicPath  '/' for the shell, 'auto' for remotes
 * @param {string} o.version     value of __APP_VERSION__
 * @param {boolean} o.host       true for the shell
 * @param {Record<string,string>} [o.exposes]
 */
function makeConfig({ appDir, name, outDir, publicPath, version, host, exposes }) {
  return {
    mode: 'production',
    context: appDir,
    // A remote has no entry of its own: only its container (remoteEntry.js), loaded by the shell.
    entry: host ? { main: './src/index.ts' } : {},
    devtool: false,
    target: 'web',
    output: {
      path: outDir,
      publicPath,
      uniqueName: name,
      clean: true,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: {
        '@agora/contracts$': path.join(ROOT, 'packages/contracts/src/index.ts'),
        '@agora/contracts/areas$': path.join(ROOT, 'packages/contracts/src/areas.ts'),
        '@agora/contracts/crs$': path.join(ROOT, 'packages/contracts/src/crs.ts'),
        '@agora/contracts/offline$': path.join(ROOT, 'packages/contracts/src/offline.ts'),
        '@agora/platform$': path.join(ROOT, 'packages/platform/src/index.ts'),
        '@agora/library-ui$': path.join(ROOT, 'packages/library-ui/src/index.ts'),
        '@agora/react-router-impl$': ROUTER_BUILD,
        ...MF_RUNTIME_ESM,
        // Messages are precompiled at build time: react-intl needs no ICU parser in the browser.
        '@formatjs/icu-messageformat-parser$': path.join(
          ROOT,
          'node_modules/@formatjs/icu-messageformat-parser/no-parser.js',
        ),
      },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          type: 'javascript/auto',
          options: swcOptions,
        },
        {
          // message catalogues: ICU messages precompiled to ASTs (see rspack-icu-loader.cjs)
          test: /[\\/]messages[\\/][a-z]{2}\.json$/,
          type: 'javascript/auto',
          loader: path.join(ROOT, 'scripts/rspack-icu-loader.cjs'),
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|svg|jpe?g|gif|webp)$/, type: 'asset/resource' },
      ],
    },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    plugins: [
      new rspack.DefinePlugin({ __APP_VERSION__: JSON.stringify(version) }),
      new ModuleFederationPlugin({
        name,
        filename: host ? undefined : 'remoteEntry.js',
        exposes: host ? undefined : exposes,
        remotes: {},
        shared: sharedConfig({ provider: host }),
        // The shell provides every shared module and remotes bring none (import: false), so nothing needs the
        // remotes' entries to settle versions: 'loaded-first' keeps the shell's start from fetching every
        // registered remote (what 'version-first' does), and a broken remote from breaking the start.
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        experiments: host
          ? { provideExternalRuntime: true, optimization: { target: 'web' } }
          : { externalRuntime: true, optimization: { target: 'web', disableRemote: true } },
      }),
      host && new rspack.HtmlRspackPlugin({ template: './index.html', scriptLoading: 'defer' }),
      // the web app manifest and its icons, under fixed names (the manifest names them; decision 0091)
      host && new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', to: '.' }] }),
    ].filter(Boolean),
  };
}

export function shellConfig() {
  const appDir = path.join(ROOT, 'shell');
  return makeConfig({
    appDir,
    name: 'shell',
    outDir: path.join(DIST, 'shell'),
    publicPath: '/',
    version: versionOf(appDir),
    host: true,
  });
}

/** @param {string} folder one of REMOTES[].folder; version: env REMOTE_VERSION or the package.json version */
export function remoteConfig(folder, version = process.env.REMOTE_VERSION) {
  const remote = REMOTES.find((r) => r.folder === folder);
  if (!remote) throw new Error(`unknown remote ${folder}`);
  const appDir = path.join(ROOT, folder);
  const v = version || versionOf(appDir);
  if (!/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/.test(v)) throw new Error(`invalid remote version ${v}`);
  return {
    version: v,
    config: makeConfig({
      appDir,
      name: remote.name,
      outDir: path.join(DIST, 'remotes', folder, v),
      publicPath: 'auto',
      version: v,
      host: false,
      exposes: { './App': './src/App.tsx' },
    }),
  };
}

/**
 * The shell's service worker (shell/src/sw/sw.ts, decision 0091): one classic script, `dist/shell/sw.js`, at the
 * site's root so that its scope is the whole site. Built after the shell (whose build empties dist/shell); its
 * precache list is injected afterwards by workbox-build (scripts/build-web.mjs).
 */
export function serviceWorkerConfig() {
  const appDir = path.join(ROOT, 'shell');
  return {
    mode: 'production',
    context: appDir,
    entry: { sw: './src/sw/sw.ts' },
    devtool: false,
    target: 'webworker',
    output: {
      path: path.join(DIST, 'shell'),
      filename: 'sw.js',
      clean: false,
      publicPath: '/',
      // one file: the worker has no chunks to load
      chunkLoading: false,
      asyncChunks: false,
    },
    resolve: {
      extensions: ['.ts', '.js'],
      extensionAlias: { '.js': ['.ts', '.js'] },
      alias: {
        '@agora/contracts/areas$': path.join(ROOT, 'packages/contracts/src/areas.ts'),
        '@agora/contracts/offline$': path.join(ROOT, 'packages/contracts/src/offline.ts'),
      },
    },
    module: {
      rules: [
        {
          test: /\.[jt]s$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          type: 'javascript/auto',
          options: swcOptions,
        },
      ],
    },
    optimization: { splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
  };
}
