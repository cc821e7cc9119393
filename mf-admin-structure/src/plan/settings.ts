import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/** How add and edit open from the plan screen (spec part 2 §2 "Admin editing UI"; default: modal). */
export const OPEN_MODES = ['modal', 'tab', 'same'] as const;
export type OpenMode = (typeof OPEN_MODES)[number];

export const OPEN_MODE_STORAGE_KEY = 'agora.structure.openMode';

const isOpenMode = (value: unknown): value is OpenMode =>
  typeof value === 'string' && (OPEN_MODES as readonly string[]).includes(value);

const storage = createJSONStorage<OpenMode>(() => localStorage);

/** The chosen open mode, remembered in localStorage (an unknown stored value reads as the default). */
export const openModeAtom = atomWithStorage<OpenMode>(
  OPEN_MODE_STORAGE_KEY,
  'modal',
  {
    ...storage,
    getItem: (key, initial) => {
      const value = storage.getItem(key, initial);
      return isOpenMode(value) ? value : initial;
    },
  },
  { getOnInit: true },
);

/** isEditOn (default on): editing controls and drag-and-drop are shown only when on. */
export const editOnAtom = atom(true);

/** What an editor opens on: add or edit a topic, attribute or variable, or edit the project. */
export type EditorTarget =
  | { kind: 'project' }
  | { kind: 'topic'; token?: string }
  | { kind: 'attribute'; topic: string; token?: string }
  | { kind: 'variable'; topic: string; attribute: string; token?: string };

/**
 * The page of an editor (spec routes under `base` = `<basePath>/admin/administration`): project/{p}/edit,
 * …/topic/add, …/topic/{t}/edit, …/topic/{t}/attribute/add, …/attribute/{a}/edit, …/variable/add, …/variable/{v}/edit.
 */
export function editorPath(base: string, project: string, target: EditorTarget): string {
  const p = `${base}/project/${encodeURIComponent(project)}`;
  if (target.kind === 'project') return `${p}/edit`;
  if (target.kind === 'topic') return target.token ? `${p}/topic/${target.token}/edit` : `${p}/topic/add`;
  const t = `${p}/topic/${target.topic}`;
  if (target.kind === 'attribute')
    return target.token ? `${t}/attribute/${target.token}/edit` : `${t}/attribute/add`;
  const a = `${t}/attribute/${target.attribute}`;
  return target.token ? `${a}/variable/${target.token}/edit` : `${a}/variable/add`;
}

export const planPath = (base: string, project: string) =>
  `${base}/project/${encodeURIComponent(project)}/plan`;

/** What opening an editor does in each mode: show the modal, open a new tab, or go to the page in this tab. */
export type OpenAction = { type: 'modal'; target: EditorTarget } | { type: 'tab' | 'same'; href: string };

export function openAction(mode: OpenMode, base: string, project: string, target: EditorTarget): OpenAction {
  if (mode === 'modal') return { type: 'modal', target };
  return { type: mode, href: editorPath(base, project, target) };
}
