import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useApiGet } from '@agora/platform';
import { LibrarySelectModal } from '@agora/library-ui';
import {
  emptyGeoChoice,
  moveItem,
  TRANSPARENCY_STEP,
  type ChoiceDraft,
  type ChoiceStyle,
  type GeoChoiceDraft,
} from './kinds';
import { MarkerPicker } from './MarkerPicker';
import { MoveButtons } from './MoveButtons';

/** A fieldset of one option group, with its error under the legend's content. */
export function OptionGroup(props: {
  legend: ReactNode;
  error?: string | null;
  errorId: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <fieldset
      className="st-group"
      aria-describedby={props.error ? props.errorId : undefined}
      data-testid={props.testId}
    >
      <legend className="ag-field-label">{props.legend}</legend>
      {props.children}
      {props.error && (
        <div id={props.errorId} className="ag-field-error" role="alert">
          {props.error}
        </div>
      )}
    </fieldset>
  );
}

/** Focuses the last entry's first input after an entry was added with the keyboard or the mouse. */
function useFocusLastAdded(count: number) {
  const list = useRef<HTMLOListElement>(null);
  const added = useRef(false);
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    list.current?.querySelector<HTMLElement>('li:last-child input')?.focus();
  }, [count]);
  return { list, markAdded: () => (added.current = true) };
}

interface EditableListProps<T> {
  legend: ReactNode;
  error?: string | null;
  errorId: string;
  testId: string;
  /** prefix of the rows' test ids: `<rowTestId>-row`, `-add`, `-remove`, `-move-up`, `-move-down` */
  rowTestId: string;
  value: T[];
  onChange: (v: T[]) => void;
  /** a new, empty entry */
  empty: () => T;
  /** the inputs of entry `i` (1-based `n` for labels); `set` replaces the entry */
  row: (entry: T, n: number, set: (next: T) => void) => ReactNode;
}

/** An ordered list of entries in a fieldset: add (focus goes to the new entry), remove, move up and down. */
export function EditableList<T>(props: EditableListProps<T>) {
  const intl = useIntl();
  const { value, onChange } = props;
  const { list, markAdded } = useFocusLastAdded(value.length);
  return (
    <OptionGroup legend={props.legend} error={props.error} errorId={props.errorId} testId={props.testId}>
      <ol className="st-list" ref={list}>
        {value.map((entry, i) => (
          <li key={i} className="st-list-row" data-testid={`${props.rowTestId}-row`}>
            {props.row(entry, i + 1, (next) => onChange(value.map((c, j) => (j === i ? next : c))))}
            <MoveButtons
              name={intl.formatMessage({ id: 'structure.variable.choice' }, { n: i + 1 })}
              index={i}
              count={value.length}
              onMove={(from, to) => onChange(moveItem(value, from, to))}
              testId={`${props.rowTestId}-move`}
            />
            <button
              type="button"
              className="ag-button st-icon-button"
              aria-label={intl.formatMessage({ id: 'structure.variable.choiceRemove' }, { n: i + 1 })}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
              data-testid={`${props.rowTestId}-remove`}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="ag-button"
        onClick={() => {
          markAdded();
          onChange([...value, props.empty()]);
        }}
        data-testid={`${props.rowTestId}-add`}
      >
        <FormattedMessage id="structure.variable.choiceAdd" />
      </button>
    </OptionGroup>
  );
}

/**
 * The choices of a radio or checkbox question: add, remove, move up/down (a choice keeps its id through all of
 * them); empty entries are dropped on save.
 */
export function ChoiceList(props: {
  id: string;
  value: ChoiceDraft[];
  onChange: (v: ChoiceDraft[]) => void;
  error?: string | null;
}) {
  const intl = useIntl();
  return (
    <EditableList
      legend={<FormattedMessage id="structure.variable.option.choices" />}
      error={props.error}
      errorId={`${props.id}-error`}
      testId={`${props.id}-choices`}
      rowTestId="choice"
      value={props.value}
      onChange={props.onChange}
      empty={() => ({ label: '' })}
      row={(choice, n, set) => (
        <input
          className="ag-input"
          aria-label={intl.formatMessage({ id: 'structure.variable.choice' }, { n })}
          value={choice.label}
          onChange={(e) => set({ ...choice, label: e.target.value })}
          data-testid="choice-input"
        />
      )}
    />
  );
}

/**
 * The geometric choices: a label each, plus a marker (points), a colour (lines, default #ffffff) or a colour and
 * a transparency 0..1 in steps of 0.02 (polygons, default 1), as `style` says.
 */
export function GeoChoiceList(props: {
  id: string;
  style: ChoiceStyle;
  value: GeoChoiceDraft[];
  onChange: (v: GeoChoiceDraft[]) => void;
  error?: string | null;
}) {
  const intl = useIntl();
  const t = (id: string, n: number) => intl.formatMessage({ id: `structure.variable.${id}` }, { n });
  return (
    <EditableList
      legend={<FormattedMessage id="structure.variable.option.geometricChoices" />}
      error={props.error}
      errorId={`${props.id}-geo-error`}
      testId={`${props.id}-geometric-choices`}
      rowTestId="geo-choice"
      value={props.value}
      onChange={props.onChange}
      empty={emptyGeoChoice}
      row={(choice, n, set) => (
        <>
          <input
            className="ag-input"
            aria-label={t('choiceLabel', n)}
            value={choice.label}
            onChange={(e) => set({ ...choice, label: e.target.value })}
            data-testid="geo-choice-label"
          />
          {props.style === 'marker' && (
            <MarkerPicker
              value={choice.marker}
              onChange={(marker) => set({ ...choice, marker })}
              chooseLabel={intl.formatMessage({ id: 'structure.variable.markerChoose' })}
              alt={t('choiceMarker', n)}
              testId="geo-choice-marker"
            />
          )}
          {(props.style === 'line' || props.style === 'polygon') && (
            <input
              type="color"
              className="st-color"
              aria-label={t('choiceColor', n)}
              value={choice.color}
              onChange={(e) => set({ ...choice, color: e.target.value })}
              data-testid="geo-choice-color"
            />
          )}
          {props.style === 'polygon' && (
            <span className="st-range">
              <input
                type="range"
                min={0}
                max={1}
                step={TRANSPARENCY_STEP}
                aria-label={t('choiceTransparency', n)}
                value={choice.transparency}
                onChange={(e) => set({ ...choice, transparency: Number(e.target.value) })}
                data-testid="geo-choice-transparency"
              />
              <output aria-hidden="true">{choice.transparency.toFixed(2)}</output>
            </span>
          )}
        </>
      )}
    />
  );
}

/** The library images of a `library` question, picked with the platform's select modal (uuids, in order). */
export function LibraryItemList(props: {
  id: string;
  value: string[];
  onChange: (v: string[]) => void;
  error?: string | null;
}) {
  const intl = useIntl();
  const [picking, setPicking] = useState(false);
  const ids = props.value;
  const { data } = useApiGet(
    '/api/library/uuid/{uuids}',
    ids.length > 0 ? { params: { path: { uuids: ids.join(';') } } } : null,
  );
  return (
    <OptionGroup
      legend={<FormattedMessage id="structure.variable.option.items" />}
      error={props.error}
      errorId={`${props.id}-items-error`}
      testId={`${props.id}-items`}
    >
      {ids.length === 0 ? (
        <p className="st-muted">
          <FormattedMessage id="structure.variable.itemsNone" />
        </p>
      ) : (
        <ul className="st-thumbs">
          {ids.map((uuid) => {
            const item = data?.find((i) => i.uuid === uuid);
            const title = item?.title ?? uuid;
            return (
              <li key={uuid} data-testid="library-item">
                {item && <img src={item.thumbnail ?? item.resource} alt={item.alt_text || item.title} />}
                <span>{title}</span>
                <button
                  type="button"
                  className="ag-button st-icon-button"
                  aria-label={intl.formatMessage({ id: 'structure.variable.itemRemove' }, { title })}
                  onClick={() => props.onChange(ids.filter((x) => x !== uuid))}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button
        type="button"
        className="ag-button"
        onClick={() => setPicking(true)}
        data-testid="library-items-pick"
      >
        <FormattedMessage id="structure.variable.itemsPick" />
      </button>
      {picking && (
        <LibrarySelectModal
          multiple
          selected={ids}
          onClose={() => setPicking(false)}
          onAccept={(items) => {
            setPicking(false);
            props.onChange(items.map((i) => i.uuid));
          }}
        />
      )}
    </OptionGroup>
  );
}
