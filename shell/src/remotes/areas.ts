import { matchPath } from 'react-router-dom';

export interface RemoteAreaDef {
  /** folder / npm workspace of the remote, used in URLs and test ids */
  folder: string;
  /** Module Federation container name */
  name: string;
  /** the spec's routes that the remote owns (DESIGN §5) */
  paths: readonly string[];
}

export const REMOTE_AREAS: readonly RemoteAreaDef[] = [
  {
    folder: 'mf-library',
    name: 'mf_library',
    paths: ['/admin/library/*', '/admin/browse', '/documentation/*', '/library/*'],
  },
  {
    folder: 'mf-consultation',
    name: 'mf_consultation',
    paths: ['/', '/participate/*', '/enroll/*', '/invitation/accept/*', '/admin/data/*', '/forum/*'],
  },
  {
    folder: 'mf-admin-structure',
    name: 'mf_admin_structure',
    paths: [
      '/admin/administration/project/*',
      '/admin/administration/category/*',
      '/admin/administration/profile',
    ],
  },
  {
    folder: 'mf-members',
    name: 'mf_members',
    paths: [
      '/admin/administration/members/*',
      '/admin/administration/enroll/*',
      '/admin/administration/invitations',
      '/admin/users/*',
      '/admin/settings/templates/*',
    ],
  },
];

/** The remote that owns a pathname, if any. */
export function areaForPath(pathname: string): RemoteAreaDef | undefined {
  return REMOTE_AREAS.find((area) => area.paths.some((path) => matchPath({ path, end: true }, pathname)));
}
