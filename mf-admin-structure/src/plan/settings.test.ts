import { createStore } from 'jotai';
import { editOnAtom, editorPath, openAction, openModeAtom, OPEN_MODE_STORAGE_KEY } from './settings';

const base = '/admin/administration';

/** The atom as a new page load makes it (it reads localStorage when the module loads). */
function fresh(): typeof openModeAtom {
  let atom: typeof openModeAtom | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    atom = (require('./settings') as typeof import('./settings')).openModeAtom;
  });
  return atom as typeof openModeAtom;
}

describe('open modes', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to the modal and remembers the choice', () => {
    const store = createStore();
    expect(store.get(openModeAtom)).toBe('modal');
    store.set(openModeAtom, 'tab');
    expect(localStorage.getItem(OPEN_MODE_STORAGE_KEY)).toBe('"tab"');
    expect(createStore().get(fresh())).toBe('tab');
  });

  it('reads an unknown stored value as the modal', () => {
    localStorage.setItem(OPEN_MODE_STORAGE_KEY, '"window"');
    expect(createStore().get(fresh())).toBe('modal');
  });

  it('has editing on by default', () => {
    expect(createStore().get(editOnAtom)).toBe(true);
  });

  it('opens the modal, a new tab or the same tab on the spec routes', () => {
    const target = { kind: 'attribute', topic: 'T', token: 'A' } as const;
    expect(openAction('modal', base, 'roads', target)).toEqual({ type: 'modal', target });
    const href = '/admin/administration/project/roads/topic/T/attribute/A/edit';
    expect(openAction('tab', base, 'roads', target)).toEqual({ type: 'tab', href });
    expect(openAction('same', base, 'roads', target)).toEqual({ type: 'same', href });
  });

  it('builds every editor path', () => {
    const p = `${base}/project/roads`;
    expect(editorPath(base, 'roads', { kind: 'project' })).toBe(`${p}/edit`);
    expect(editorPath(base, 'roads', { kind: 'topic' })).toBe(`${p}/topic/add`);
    expect(editorPath(base, 'roads', { kind: 'topic', token: 'T' })).toBe(`${p}/topic/T/edit`);
    expect(editorPath(base, 'roads', { kind: 'attribute', topic: 'T' })).toBe(`${p}/topic/T/attribute/add`);
    expect(editorPath(base, 'roads', { kind: 'variable', topic: 'T', attribute: 'A' })).toBe(
      `${p}/topic/T/attribute/A/variable/add`,
    );
    expect(editorPath(base, 'roads', { kind: 'variable', topic: 'T', attribute: 'A', token: 'V' })).toBe(
      `${p}/topic/T/attribute/A/variable/V/edit`,
    );
  });
});
