import { remoteConfig } from '../scripts/rspack.common.mjs';

// REMOTE_VERSION=<version> builds into dist/remotes/mf-admin-structure/<version>/ (default: the package.json version).
export default remoteConfig('mf-admin-structure').config;
