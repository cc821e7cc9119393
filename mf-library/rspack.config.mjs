import { remoteConfig } from '../scripts/rspack.common.mjs';

// REMOTE_VERSION=<version> builds into dist/remotes/mf-library/<version>/ (default: the package.json version).
export default remoteConfig('mf-library').config;
