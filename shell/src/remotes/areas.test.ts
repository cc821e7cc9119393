import { matchPath } from 'react-router-dom';
import { areaForPath, REMOTE_AREAS } from '@agora/contracts/areas';

// areas.ts matches paths without React Router (it runs in the entry chunk): it must agree with the router's
// matchPath, which the shell's routes use.
const paths = [
  '/',
  '//',
  '',
  '/admin/library',
  '/admin/library/',
  '/admin/library/gallery',
  '/ADMIN/Library/Gallery',
  '/admin/libraryx',
  '/admin/browse',
  '/admin/browse/',
  '/admin/browse/x',
  '/documentation',
  '/documentation/a/b',
  '/library/view',
  '/participate',
  '/participate/x/y',
  '/admin/data',
  '/admin/data/',
  '/admin/administration/profile',
  '/admin/administration/profile/x',
  '/admin/administration/project/1/edit',
  '/admin/administration/invitations',
  '/admin/users',
  '/admin/users/list',
  '/admin/usersx',
  '/admin/settings/templates/invitation',
  '/admin/settings/general',
  '/login',
  '/x/admin/library',
  '/admin/library.gallery',
];

describe('areaForPath', () => {
  it.each(paths)('%s: the same area as React Router’s matchPath', (pathname) => {
    const byRouter = REMOTE_AREAS.find((area) =>
      area.paths.some((path) => matchPath({ path, end: true }, pathname)),
    );
    expect(areaForPath(pathname)?.folder).toBe(byRouter?.folder);
  });
});

describe('the participant journey', () => {
  it.each([
    '/participate',
    '/participate/category/urban-mobility',
    '/participate/category/urban-mobility/project/bike-lanes',
    '/enroll',
    '/enroll/category/urban-mobility',
  ])('%s belongs to the consultation remote', (pathname) => {
    expect(areaForPath(pathname)?.folder).toBe('mf-consultation');
  });
});
