import {
  DOCUMENT_ACCEPTS,
  GEOMETRY_VALUE_TYPES,
  VALUE_TYPE_OPTIONS,
  VALUE_TYPES,
  type Choice,
  type ChoiceOption,
  type GeomType,
  type VariableKind,
  type VariableOptions,
} from '@agora/contracts';

export type Kind = VariableKind['kind'];
export type OptionName = keyof VariableOptions;
export type Accept = (typeof DOCUMENT_ACCEPTS)[number];

/** Every kind a variable can take, in the order of the form's checkboxes: value types, then geometric types. */
export const ALL_KINDS: readonly Kind[] = [...VALUE_TYPES, ...GEOMETRY_VALUE_TYPES];

export function isGeometric(kind: Kind): boolean {
  return (GEOMETRY_VALUE_TYPES as readonly string[]).includes(kind);
}

/** Default colour of a line or polygon choice, and default transparency of a polygon choice (spec part 2 §3). */
export const DEFAULT_COLOR = '#ffffff';
export const DEFAULT_TRANSPARENCY = 1;
export const TRANSPARENCY_STEP = 0.02;

/**
 * What a geometric choice holds besides its label: points a marker, lines a colour, polygons a colour and a
 * transparency. geom_radio and geom_select follow the geometry type of their attribute (docs/decisions).
 */
export type ChoiceStyle = 'marker' | 'line' | 'polygon' | 'label';

export function choiceStyle(kind: Kind, attributeGeometry: GeomType | null): ChoiceStyle {
  const byGeometry: Record<GeomType, ChoiceStyle> = { point: 'marker', line: 'line', polygon: 'polygon' };
  if (kind === 'geom_point') return 'marker';
  if (kind === 'geom_line') return 'line';
  if (kind === 'geom_polygon') return 'polygon';
  return attributeGeometry ? byGeometry[attributeGeometry] : 'label';
}

/**
 * A radio/checkbox choice being edited: its id once the server gave it one (kept through renames and moves, so
 * its answers stay with it), and its label.
 */
export interface ChoiceDraft {
  id?: string;
  label: string;
}

/** A geometric choice being edited (transparency as the slider's number). */
export interface GeoChoiceDraft {
  id?: string;
  label: string;
  marker: string;
  color: string;
  transparency: number;
}

/** One chosen kind while being edited: numbers as the text of their inputs, so a field may be empty. */
export interface KindDraft {
  kind: Kind;
  required: boolean;
  label: string;
  placeholder: string;
  maxSize: string;
  accepts: Accept[];
  choices: ChoiceDraft[];
  minLength: string;
  maxLength: string;
  minDate: string;
  maxDate: string;
  items: string[];
  allowMultiple: boolean;
  numberOfGeometries: string;
  geometricChoices: GeoChoiceDraft[];
}

export function hasOption(kind: Kind, option: OptionName): boolean {
  return VALUE_TYPE_OPTIONS[kind].includes(option);
}

export function emptyGeoChoice(): GeoChoiceDraft {
  return { label: '', marker: '', color: DEFAULT_COLOR, transparency: DEFAULT_TRANSPARENCY };
}

export function newDraft(kind: Kind): KindDraft {
  return {
    kind,
    required: false,
    label: '',
    placeholder: '',
    maxSize: '',
    accepts: [],
    choices: [],
    minLength: '',
    maxLength: '',
    minDate: '',
    maxDate: '',
    items: [],
    allowMultiple: false,
    numberOfGeometries: '1',
    geometricChoices: [],
  };
}

const numberText = (n: number | undefined): string => (typeof n === 'number' ? String(n) : '');

/** A stored kind as a draft (options the kind does not take are ignored). */
export function draftOf(entry: VariableKind): KindDraft {
  const o = entry.options ?? {};
  const base = newDraft(entry.kind);
  return {
    ...base,
    required: o.required === true,
    label: o.label ?? '',
    placeholder: o.placeholder ?? '',
    maxSize: numberText(o.maxSize),
    accepts: (o.accepts ?? []).filter((a): a is Accept =>
      (DOCUMENT_ACCEPTS as readonly string[]).includes(a),
    ),
    choices: (o.choices ?? []).map((c) => ({ id: c.id, label: c.label })),
    minLength: numberText(o.minLength),
    maxLength: numberText(o.maxLength),
    minDate: o.minDate ?? '',
    maxDate: o.maxDate ?? '',
    items: [...(o.items ?? [])],
    allowMultiple: o.allowMultiple === true,
    numberOfGeometries:
      o.numberOfGeometries !== undefined ? String(o.numberOfGeometries) : base.numberOfGeometries,
    geometricChoices: (o.geometricChoices ?? []).map((c) => ({
      id: c.id,
      label: c.label ?? '',
      marker: c.marker ?? '',
      color: c.color ?? DEFAULT_COLOR,
      transparency: typeof c.transparency === 'number' ? c.transparency : DEFAULT_TRANSPARENCY,
    })),
  };
}

function numberOf(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** A choice as it is sent: its id when it has one (a new choice gets its id from the server). */
function wireLabel(choice: ChoiceDraft): SentChoice {
  const label = choice.label.trim();
  return choice.id === undefined ? { label } : { id: choice.id, label };
}

function wireChoice(choice: GeoChoiceDraft, style: ChoiceStyle): SentGeoChoice {
  const base = wireLabel(choice);
  if (style === 'marker') return { ...base, marker: choice.marker };
  if (style === 'line') return { ...base, color: choice.color };
  if (style === 'polygon') return { ...base, color: choice.color, transparency: choice.transparency };
  return base;
}

type SentChoice = Omit<Choice, 'id'> & { id?: string };
type SentGeoChoice = Omit<ChoiceOption, 'id'> & { id?: string };

/** The options as they are sent: choices without an id are new ones. */
export type SentOptions = Omit<VariableOptions, 'choices' | 'geometricChoices'> & {
  choices?: SentChoice[];
  geometricChoices?: SentGeoChoice[];
};

/** A kind as it is sent. */
export interface SentKind {
  kind: Kind;
  options: SentOptions;
}

type ListOption = 'accepts' | 'choices' | 'items' | 'geometricChoices';

/** Lists are sent only when they have entries (the server takes 1 to 200). */
function setList<K extends ListOption>(options: SentOptions, name: K, list: NonNullable<SentOptions[K]>) {
  if (list.length > 0) options[name] = list;
}

/** The choices that are kept: trimmed, empty entries dropped. */
function keptChoices(draft: KindDraft): SentChoice[] {
  return draft.choices.map(wireLabel).filter((c) => c.label !== '');
}

/**
 * A draft as it is sent: exactly the options of `VALUE_TYPE_OPTIONS[kind]`, in that order; flags and texts
 * always, numbers, dates and lists only when given; empty choices (and geometric choices without a label)
 * dropped.
 */
export function wireOf(draft: KindDraft, attributeGeometry: GeomType | null): SentKind {
  const options: SentOptions = {};
  const style = choiceStyle(draft.kind, attributeGeometry);
  for (const option of VALUE_TYPE_OPTIONS[draft.kind]) {
    switch (option) {
      case 'required':
      case 'allowMultiple':
        options[option] = draft[option];
        break;
      case 'label':
      case 'placeholder':
        options[option] = draft[option];
        break;
      case 'minDate':
      case 'maxDate':
        if (draft[option] !== '') options[option] = draft[option];
        break;
      case 'maxSize':
      case 'minLength':
      case 'maxLength':
      case 'numberOfGeometries': {
        const n = numberOf(draft[option]);
        if (n !== undefined) options[option] = n;
        break;
      }
      case 'accepts':
        setList(
          options,
          'accepts',
          DOCUMENT_ACCEPTS.filter((a) => draft.accepts.includes(a)),
        );
        break;
      case 'choices':
        setList(options, 'choices', keptChoices(draft));
        break;
      case 'items':
        setList(options, 'items', [...draft.items]);
        break;
      case 'geometricChoices':
        setList(
          options,
          'geometricChoices',
          draft.geometricChoices.filter((c) => c.label.trim() !== '').map((c) => wireChoice(c, style)),
        );
        break;
    }
  }
  return { kind: draft.kind, options };
}

/** Problems of one draft, by option name (message ids of this feature). */
export type DraftErrors = Partial<Record<OptionName, string>>;

const NEEDS_CHOICES: readonly Kind[] = ['radio', 'checkbox'];
const NEEDS_GEOMETRIC_CHOICES: readonly Kind[] = ['geom_radio', 'geom_select'];

function nonNegative(text: string): boolean {
  const n = numberOf(text);
  return text.trim() === '' || (n !== undefined && n >= 0);
}

export function draftErrors(draft: KindDraft, attributeGeometry: GeomType | null): DraftErrors {
  const errors: DraftErrors = {};
  const k = draft.kind;
  if (hasOption(k, 'maxSize') && !nonNegative(draft.maxSize))
    errors.maxSize = 'structure.variable.error.min0';
  if (hasOption(k, 'minLength')) {
    if (!nonNegative(draft.minLength)) errors.minLength = 'structure.variable.error.min0';
    if (!nonNegative(draft.maxLength)) errors.maxLength = 'structure.variable.error.min0';
    const min = numberOf(draft.minLength);
    const max = numberOf(draft.maxLength);
    if (!errors.minLength && !errors.maxLength && min !== undefined && max !== undefined && min > max) {
      errors.maxLength = 'structure.variable.error.minAboveMax';
    }
  }
  if (hasOption(k, 'minDate') && draft.minDate && draft.maxDate && draft.minDate > draft.maxDate) {
    errors.maxDate = 'structure.variable.error.dateOrder';
  }
  if (hasOption(k, 'numberOfGeometries')) {
    const n = numberOf(draft.numberOfGeometries);
    if (n === undefined || n < 1 || !Number.isInteger(n)) {
      errors.numberOfGeometries = 'structure.variable.error.min1';
    }
  }
  if (hasOption(k, 'choices')) {
    const kept = keptChoices(draft).map((c) => c.label);
    if (NEEDS_CHOICES.includes(k) && kept.length === 0) errors.choices = 'structure.variable.error.noChoices';
    else if (new Set(kept).size !== kept.length) errors.choices = 'structure.variable.error.repeated';
  }
  if (hasOption(k, 'items') && draft.items.length === 0) errors.items = 'structure.variable.error.noItems';
  if (hasOption(k, 'geometricChoices')) {
    const kept = draft.geometricChoices.filter((c) => c.label.trim() !== '');
    if (NEEDS_GEOMETRIC_CHOICES.includes(k) && kept.length === 0) {
      errors.geometricChoices = 'structure.variable.error.noChoices';
    } else if (choiceStyle(k, attributeGeometry) === 'marker' && kept.some((c) => c.marker === '')) {
      errors.geometricChoices = 'structure.variable.error.noMarker';
    }
  }
  return errors;
}

/** The list with the entry at `from` moved to `to` (unchanged when either is out of range). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || to < 0 || from >= list.length || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}
