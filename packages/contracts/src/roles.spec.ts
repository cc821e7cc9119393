import { ROLES, isStaff, roleAllows } from './roles.js';

describe('roles', () => {
  it('staff are reviewer, editor and admin: the roles of the admin side', () => {
    expect(ROLES.filter((r) => isStaff(r)).sort()).toEqual(['admin', 'editor', 'reviewer']);
    expect(isStaff(null)).toBe(false);
    expect(isStaff(undefined)).toBe(false);
  });

  it('a single required role admits that rank and above, except guest, which must match', () => {
    expect(roleAllows('admin', 'editor')).toBe(true);
    expect(roleAllows('reviewer', 'editor')).toBe(false);
    expect(roleAllows('admin', 'guest')).toBe(false);
    expect(roleAllows('guest', 'guest')).toBe(true);
    expect(roleAllows('editor', ['admin', 'reviewer'])).toBe(false);
  });
});
