import 'reflect-metadata';
import { pageRole, roleAllows, ROLES, type Role } from '@agora/contracts';
import { SettingsController } from '../../../accounts/src/settings/settings.controller.js';
import { EnrolmentController } from '../../../accounts/src/enrolments/enrolment.controller.js';
import { DataRequestsController } from '../../../accounts/src/deletion/data-requests.controller.js';
import { UsersController } from '../../../accounts/src/users/users.controller.js';
import { ProjectController } from '../../../consultation/src/project/project.controller.js';
import { CategoryController } from '../../../consultation/src/category/category.controller.js';
import { BackupsController } from '../../../library/src/backups/backups.controller.js';
import { DocumentationController } from '../../../library/src/documentation/documentation.controller.js';
import { FileBrowserController } from '../../../library/src/file-browser/file-browser.controller.js';
import { LibraryController } from '../../../library/src/library/library.controller.js';
import { LibraryViewController } from '../../../library/src/library-view/library-view.controller.js';
import { ACCESS_KEY, type Access } from './decorators.js';

type Handler = readonly [controller: abstract new (...args: never[]) => object, method: string];

/** Each admin page of the menu and the calls it makes to draw itself (the first one is its main list). */
const PAGES: ReadonlyArray<readonly [path: string, calls: readonly Handler[]]> = [
  ['/admin/data', [[CategoryController, 'list']]],
  ['/admin/library/gallery', [[LibraryController, 'list']]],
  ['/admin/library/upload', [[LibraryController, 'create']]],
  ['/admin/library/documentation', [[DocumentationController, 'list']]],
  ['/admin/library/views', [[LibraryViewController, 'list']]],
  ['/admin/library/export', [[BackupsController, 'list']]],
  ['/admin/browse', [[FileBrowserController, 'get']]],
  ['/admin/administration/project/list', [[ProjectController, 'list']]],
  [
    '/admin/administration/members',
    [
      [EnrolmentController, 'listMembers'],
      [EnrolmentController, 'changeRole'],
      [EnrolmentController, 'unenrol'],
    ],
  ],
  ['/admin/administration/enroll', [[EnrolmentController, 'listCandidates']]],
  ['/admin/users/list', [[UsersController, 'list']]],
  ['/admin/users/add', [[UsersController, 'list']]],
  ['/admin/users/requests', [[DataRequestsController, 'list']]],
  ['/admin/settings/general', [[SettingsController, 'update']]],
];

/** The access rule of a handler as the identity guard reads it (the method's, else the controller's). */
function accessOf([controller, method]: Handler): Access {
  const handler = (controller.prototype as Record<string, unknown>)[method];
  if (typeof handler !== 'function') throw new Error(`${controller.name}.${method} is not a handler`);
  const access = (Reflect.getMetadata(ACCESS_KEY, handler) ?? Reflect.getMetadata(ACCESS_KEY, controller)) as
    Access | undefined;
  if (!access) throw new Error(`${controller.name}.${method} has no access rule`);
  return access;
}

function serverAllows(access: Access, role: Role): boolean {
  switch (access.kind) {
    case 'role':
      return roleAllows(role, access.role);
    case 'user':
    case 'public':
    case 'open':
      return true;
    case 'internal':
      return false;
  }
}

describe('the permission matrix and the server', () => {
  it.each(PAGES)(
    '%s: the roles that see the page are those the server lets make its calls',
    (path, calls) => {
      const role = pageRole(path);
      expect(role).toBeDefined();
      const page = ROLES.filter((r) => roleAllows(r, role!));
      for (const call of calls) {
        const access = accessOf(call);
        const server = ROLES.filter((r) => serverAllows(access, r));
        // a role-gated call must match exactly; a call open to any logged-in user must at least admit the page's roles
        if (access.kind === 'role')
          expect({ call: call[1], roles: page }).toEqual({ call: call[1], roles: server });
        else expect(page.filter((r) => !server.includes(r))).toEqual([]);
      }
    },
  );
});
