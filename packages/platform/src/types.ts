/**
 * Props of every remote's exposed `./App`. `basePath` is the URL prefix under which the site's (spec) routes are
 * mounted: '' when the site lives at the root of its origin. A remote's routes file lists the spec's paths, and
 * its links are built as `${basePath}/admin/library/gallery`.
 */
export interface RemoteAppProps {
  basePath: string;
}
