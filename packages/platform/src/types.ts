import type { ComponentType } from 'react';

/**
 * Props of every remote's exposed `./App`. `basePath` is the URL prefix under which the site's (spec) routes are
 * mounted: '' when the site lives at the root of its origin. A remote's routes file lists the spec's paths, and
 * its links are built as `${basePath}/admin/library/gallery`.
 */
export interface RemoteAppProps {
  basePath: string;
}

/** What a remote's exposed `./App` module exports. */
export interface RemoteAppModule {
  default: ComponentType<RemoteAppProps>;
  /**
   * Loads ahead what the App shows at `pathname` (the page's own chunk), so that the first render shows the page
   * without a loading state. The shell calls it once the module is loaded, before rendering the App.
   */
  preload?: (pathname: string, basePath: string) => Promise<void>;
}
