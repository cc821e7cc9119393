import { PAGE_PERMISSIONS, mayOpen } from './permissions.js';
import { ROLES, STAFF_ROLE, isStaff, mayEditShared, mayManageOwned, roleAllows } from './roles.js';

describe('roles', () => {
  it('staff are reviewer, editor and admin: the roles of the admin side', () => {
    expect(ROLES.filter((r) => isStaff(r)).sort()).toEqual(['admin', 'editor', 'reviewer']);
    expect(isStaff(null)).toBe(false);
    expect(isStaff(undefined)).toBe(false);
  });

  it('the admin side opens to staff alone: its least page role is the staff role', () => {
    for (const role of ROLES) {
      expect([role, mayOpen(role, '/admin/dashboard')]).toEqual([role, isStaff(role)]);
      expect([role, mayOpen(role, '/admin/some/page')]).toEqual([role, isStaff(role)]);
    }
    for (const row of PAGE_PERMISSIONS) expect(roleAllows(row.role, STAFF_ROLE)).toBe(true);
  });

  it('a single required role admits that rank and above, except guest, which must match', () => {
    expect(roleAllows('admin', 'editor')).toBe(true);
    expect(roleAllows('reviewer', 'editor')).toBe(false);
    expect(roleAllows('admin', 'guest')).toBe(false);
    expect(roleAllows('guest', 'guest')).toBe(true);
    expect(roleAllows('editor', ['admin', 'reviewer'])).toBe(false);
  });

  it('the shared library is changed by editors and admins, whoever owns it; deleted by its owner or an admin', () => {
    const owner = 'u-owner';
    const by = (role: (typeof ROLES)[number], uuid = 'u-other') => ({ uuid, role });
    expect(ROLES.filter((r) => mayEditShared(by(r)))).toEqual(['admin', 'editor']);
    expect(mayEditShared(null)).toBe(false);
    expect(mayManageOwned(by('editor'), owner)).toBe(false);
    expect(mayManageOwned(by('editor', owner), owner)).toBe(true);
    expect(mayManageOwned(by('admin'), owner)).toBe(true);
    expect(mayManageOwned(by('editor', owner), null)).toBe(false);
  });
});
