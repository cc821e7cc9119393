import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TextField } from '@agora/platform';
import { LibrarySelectModal, type LibraryItem } from '@agora/library-ui';

export interface RowColumn<T> {
  key: keyof T & string;
  /** message id of the column's label */
  label: string;
  type?: 'text' | 'url';
}

/** A row with every column empty: dropped on save (spec: array inputs drop empty entries). */
export function isBlankRow<T extends object>(row: T): boolean {
  return Object.values(row).every((v) => typeof v !== 'string' || v.trim() === '');
}

/** The columns of a non-blank row that are missing (all are required). */
export function missingCells<T extends object>(row: T, columns: ReadonlyArray<RowColumn<T>>): string[] {
  if (isBlankRow(row)) return [];
  return columns.filter((c) => String(row[c.key] ?? '').trim() === '').map((c) => c.key);
}

/** Rows to send: blank rows dropped, cells trimmed. */
export function cleanRows<T extends object>(rows: readonly T[]): T[] {
  return rows
    .filter((r) => !isBlankRow(r))
    .map(
      (r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as T,
    );
}

/**
 * Editable rows (WMS services, legislation): one text input per column, a remove button per row and an add
 * button. Every column is required in a row that is not blank; errors show once `showErrors` is on.
 */
export function RowsEditor<T extends object>({
  name,
  legend,
  rows,
  columns,
  empty,
  onChange,
  showErrors,
  fromLibrary,
}: {
  name: string;
  legend: string;
  rows: readonly T[];
  columns: ReadonlyArray<RowColumn<T>>;
  empty: T;
  onChange: (rows: T[]) => void;
  showErrors: boolean;
  /** a per-row button that fills the row from a library item (e.g. a legislation file and its title) */
  fromLibrary?: (row: T, item: LibraryItem) => T;
}) {
  const intl = useIntl();
  const [picking, setPicking] = useState<number | null>(null);
  const required = intl.formatMessage({ id: 'platform.validation.required' });
  const update = (index: number, key: keyof T, value: string) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, [key]: value } : r)));
  return (
    <fieldset className="ag-field st-rows" data-testid={`rows-${name}`}>
      <legend className="ag-field-label">
        <FormattedMessage id={legend} />
      </legend>
      {rows.length === 0 && (
        <p className="st-muted">
          <FormattedMessage id="structure.projects.rows.none" />
        </p>
      )}
      <ol className="st-rows-list">
        {rows.map((row, index) => {
          const missing = showErrors ? missingCells(row, columns) : [];
          return (
            <li key={index} className="st-rows-row" data-testid={`row-${name}`}>
              {columns.map((c) => (
                <TextField
                  key={c.key}
                  name={`${name}-${index}-${c.key}`}
                  type={c.type ?? 'text'}
                  label={intl.formatMessage({ id: c.label })}
                  value={String(row[c.key] ?? '')}
                  onChange={(v) => update(index, c.key, v)}
                  required
                  errorText={missing.includes(c.key) ? required : null}
                />
              ))}
              {fromLibrary && (
                <button
                  type="button"
                  className="ag-button st-row-remove"
                  onClick={() => setPicking(index)}
                  data-testid={`pick-${name}`}
                >
                  <FormattedMessage id="structure.projects.field.pickImage" />
                </button>
              )}
              <button
                type="button"
                className="ag-button st-row-remove"
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
                data-testid={`remove-${name}`}
                aria-label={intl.formatMessage(
                  { id: 'structure.projects.rows.removeRow' },
                  { n: index + 1, what: intl.formatMessage({ id: legend }) },
                )}
              >
                <FormattedMessage id="structure.projects.rows.remove" />
              </button>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="ag-button"
        onClick={() => onChange([...rows, { ...empty }])}
        data-testid={`add-${name}`}
      >
        <FormattedMessage
          id="structure.projects.rows.add"
          values={{ what: intl.formatMessage({ id: legend }) }}
        />
      </button>
      {fromLibrary && picking !== null && (
        <LibrarySelectModal
          multiple={false}
          title={intl.formatMessage({ id: 'structure.projects.field.pickImage' })}
          onClose={() => setPicking(null)}
          onAccept={(items) => {
            const item = items[0];
            if (item) onChange(rows.map((r, i) => (i === picking ? fromLibrary(r, item) : r)));
            setPicking(null);
          }}
        />
      )}
    </fieldset>
  );
}
