import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DOCUMENT_ACCEPTS } from '@agora/contracts';
import { Checkbox, TextField } from '@agora/platform';
import { ChoiceList, GeoChoiceList, LibraryItemList, OptionGroup } from './ChoiceEditors';
import { hasOption, type ChoiceStyle, type DraftErrors, type KindDraft } from './kinds';
import { MoveButtons } from './MoveButtons';

export interface KindOptionsProps {
  draft: KindDraft;
  onChange: (draft: KindDraft) => void;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  /** errors to show (empty until the user tried to save or touched the option) */
  errors: DraftErrors;
  style: ChoiceStyle;
}

type NumberOption = 'maxSize' | 'minLength' | 'maxLength' | 'numberOfGeometries';
type DateOption = 'minDate' | 'maxDate';

/** The options of one chosen type, exactly those of `VALUE_TYPE_OPTIONS[kind]`, in a fieldset named after it. */
export function KindOptions({ draft, onChange, index, count, onMove, errors, style }: KindOptionsProps) {
  const intl = useIntl();
  const uid = useId();
  const id = `kind-${draft.kind}`;
  const kindName = intl.formatMessage({ id: `structure.variable.kind.${draft.kind}` });
  const set = (patch: Partial<KindDraft>) => onChange({ ...draft, ...patch });
  const has = (o: Parameters<typeof hasOption>[1]) => hasOption(draft.kind, o);
  const err = (o: keyof DraftErrors) => (errors[o] ? intl.formatMessage({ id: errors[o] }) : null);
  const optionLabel = (o: string) => <FormattedMessage id={`structure.variable.option.${o}`} />;

  const numberField = (o: NumberOption, min: number) => (
    <TextField
      name={`${id}-${o}`}
      id={`${id}-${o}`}
      type="number"
      min={min}
      step={1}
      label={optionLabel(o)}
      value={draft[o]}
      onChange={(v) => set({ [o]: v })}
      errorText={err(o)}
    />
  );
  const dateField = (o: DateOption) => (
    <div className="ag-field">
      <label className="ag-field-label" htmlFor={`${id}-${o}`}>
        {optionLabel(o)}
      </label>
      <input
        id={`${id}-${o}`}
        type="date"
        className={`ag-input${errors[o] ? ' is-invalid' : ''}`}
        value={draft[o]}
        aria-invalid={errors[o] ? true : undefined}
        aria-describedby={errors[o] ? `${uid}-${o}-error` : undefined}
        onChange={(e) => set({ [o]: e.target.value })}
      />
      {errors[o] && (
        <div id={`${uid}-${o}-error`} className="ag-field-error">
          {err(o)}
        </div>
      )}
    </div>
  );

  return (
    <fieldset className="st-kind" data-testid={`kind-options-${draft.kind}`} data-kind={draft.kind}>
      <legend className="st-kind-legend">{kindName}</legend>
      <div className="st-kind-tools">
        <MoveButtons
          name={kindName}
          index={index}
          count={count}
          onMove={onMove}
          testId={`kind-move-${draft.kind}`}
        />
      </div>
      <Checkbox
        name={`${id}-required`}
        id={`${id}-required`}
        label={optionLabel('required')}
        value={draft.required}
        onChange={(v) => set({ required: v })}
      />
      <TextField
        name={`${id}-label`}
        id={`${id}-label`}
        label={optionLabel('label')}
        value={draft.label}
        onChange={(v) => set({ label: v })}
      />
      {has('placeholder') && (
        <TextField
          name={`${id}-placeholder`}
          id={`${id}-placeholder`}
          label={optionLabel('placeholder')}
          value={draft.placeholder}
          onChange={(v) => set({ placeholder: v })}
        />
      )}
      {has('maxSize') && numberField('maxSize', 0)}
      {has('accepts') && (
        <OptionGroup legend={optionLabel('accepts')} errorId={`${id}-accepts-error`} testId={`${id}-accepts`}>
          <div className="st-inline-options">
            {DOCUMENT_ACCEPTS.map((a) => (
              <Checkbox
                key={a}
                name={`${id}-accepts-${a}`}
                id={`${id}-accepts-${a}`}
                label={a}
                value={draft.accepts.includes(a)}
                onChange={(on) =>
                  set({ accepts: on ? [...draft.accepts, a] : draft.accepts.filter((x) => x !== a) })
                }
              />
            ))}
          </div>
        </OptionGroup>
      )}
      {has('choices') && (
        <ChoiceList
          id={id}
          value={draft.choices}
          onChange={(choices) => set({ choices })}
          error={err('choices')}
        />
      )}
      {has('minLength') && (
        <div className="st-pair">
          {numberField('minLength', 0)}
          {numberField('maxLength', 0)}
        </div>
      )}
      {has('minDate') && (
        <div className="st-pair">
          {dateField('minDate')}
          {dateField('maxDate')}
        </div>
      )}
      {has('items') && (
        <>
          <LibraryItemList
            id={id}
            value={draft.items}
            onChange={(items) => set({ items })}
            error={err('items')}
          />
          <Checkbox
            name={`${id}-allowMultiple`}
            id={`${id}-allowMultiple`}
            label={optionLabel('allowMultiple')}
            value={draft.allowMultiple}
            onChange={(v) => set({ allowMultiple: v })}
          />
        </>
      )}
      {has('numberOfGeometries') && numberField('numberOfGeometries', 1)}
      {has('geometricChoices') && (
        <GeoChoiceList
          id={id}
          style={style}
          value={draft.geometricChoices}
          onChange={(geometricChoices) => set({ geometricChoices })}
          error={err('geometricChoices')}
        />
      )}
    </fieldset>
  );
}
