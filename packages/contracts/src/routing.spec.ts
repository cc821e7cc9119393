import { ownerOf } from './routing.js';

describe('ownerOf', () => {
  it.each([
    ['login', 'accounts'],
    ['users/page/1/sort/lastname/sort_method/asc', 'accounts'],
    ['settings/scope/general', 'accounts'],
    ['enrolment/category/x/page/1', 'accounts'],
    ['library/page/1/taglist/a;b', 'library'],
    ['libraryView/uuid/1', 'library'],
    ['libraryExport/download/a.tar.gz', 'library'],
    ['documentation/page/2/query/x', 'library'],
    ['marker', 'library'],
    ['admin/public_upload/path/editor', 'library'],
    ['category/token/abc', 'consultation'],
    ['ConsultationProfile', 'consultation'],
    ['consultationWeight/id/3', 'consultation'],
    ['data/scope/profile', 'consultation'],
    ['project/createThread/abc', 'consultation'],
    ['node/createThread/abc', 'consultation'],
    ['stats', 'accounts'],
    ['stats/answers', 'consultation'],
    ['stats/answers/days/30', 'consultation'],
    ['opendata/project/abc/collections/topic.attribute/items', 'consultation'],
    ['invitation/scope/validate', 'mailing'],
    ['template/name/invitation', 'mailing'],
    ['mailTemplate/name/invitation/locale/el', 'mailing'],
    ['mailTemplate/preview', 'mailing'],
    ['validation/scope/users', 'accounts'],
    ['validation/scope/libraryView/fields/uri', 'library'],
    ['checkIfExists/scope/category/field/mname/value/x', 'consultation'],
    ['checkIfExists/scope/invitation/field/email/value/x', 'mailing'],
  ])('routes %s to %s', (path, owner) => {
    expect(ownerOf(path)).toBe(owner);
  });

  it('routes ?action= on the API root', () => {
    expect(ownerOf('', 'documentation')).toBe('library');
    expect(ownerOf('', 'fileBrowser')).toBe('library');
    expect(ownerOf('fileBrowser')).toBe('library');
    expect(ownerOf('', 'nothing')).toBeNull();
    expect(ownerOf('')).toBeNull();
  });

  it('owns nothing else', () => {
    expect(ownerOf('health')).toBeNull();
    expect(ownerOf('admin/other')).toBeNull();
    expect(ownerOf('validation/scope/unknown')).toBeNull();
    expect(ownerOf('statsx')).toBeNull();
    expect(ownerOf('internal/sessions/resolve')).toBeNull();
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'])(
    'owns no scope or action named %s (own keys only)',
    (name) => {
      expect(ownerOf(`validation/scope/${name}`)).toBeNull();
      expect(ownerOf(`validation/scope/${name}/fields/x`)).toBeNull();
      expect(ownerOf(`checkIfExists/scope/${name}/field/x/value/y`)).toBeNull();
      expect(ownerOf('', name)).toBeNull();
      expect(ownerOf(name)).toBeNull();
    },
  );
});
