import { remoteConfig } from '../scripts/rspack.common.mjs';

// REMOTE_VERSION=<version> builds into dist/remotes/mf-consultation/<version>/ (default: the package.json version).
export default remoteConfig('mf-consultation').config;
