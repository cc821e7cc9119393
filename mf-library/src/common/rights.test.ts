import { adminUser, participantUser } from '../../../scripts/jest/web';
import { mayChange } from './rights';

const editor = { ...adminUser, uuid: 'u-ed', role: 'editor' as const };

describe('who may edit and delete a library entry', () => {
  it('an admin always, whoever owns it', () => {
    expect(mayChange(adminUser, { owner: 'someone' })).toBe(true);
    expect(mayChange(adminUser, { owner: null })).toBe(true);
    expect(mayChange(adminUser, {})).toBe(true);
  });

  it('an editor only what they own, when the answer names the owner', () => {
    expect(mayChange(editor, { owner: 'u-ed' })).toBe(true);
    expect(mayChange(editor, { owner: 'someone' })).toBe(false);
    expect(mayChange(editor, { owner: null })).toBe(false);
    expect(mayChange(editor, {})).toBe(true);
  });

  it('nobody else', () => {
    expect(mayChange(participantUser, { owner: participantUser.uuid })).toBe(false);
    expect(mayChange({ ...editor, role: 'reviewer' }, {})).toBe(false);
    expect(mayChange(null, {})).toBe(false);
  });
});
