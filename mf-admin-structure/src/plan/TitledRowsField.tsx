import { FormattedMessage, useIntl } from 'react-intl';
import type { TitledFile } from '@agora/contracts';
import { TextField } from '@agora/platform';

/** Rows whose title or URL is missing (spec part 2 §5: both are required). */
export function incompleteRows(rows: readonly TitledFile[]): number[] {
  return rows.flatMap((r, i) => (r.title.trim() === '' || r.file.trim() === '' ? [i] : []));
}

export interface TitledRowsFieldProps {
  legend: string;
  rows: readonly TitledFile[];
  onChange: (rows: TitledFile[]) => void;
  /** show the missing parts as errors (after a submit was tried) */
  showErrors: boolean;
  testId: string;
}

/** Rows of a title and a URL (relative documents), added and removed by buttons. */
export function TitledRowsField({ legend, rows, onChange, showErrors, testId }: TitledRowsFieldProps) {
  const intl = useIntl();
  const required = intl.formatMessage({ id: 'platform.validation.required' });
  const set = (i: number, part: Partial<TitledFile>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...part } : r)));
  return (
    <fieldset className="ag-fieldset" data-testid={testId}>
      <legend>{legend}</legend>
      {rows.map((row, i) => (
        <div key={i} className="structure-row" data-testid={`${testId}-row`}>
          <TextField
            name={`${testId}-title-${i}`}
            label={<FormattedMessage id="structure.plan.rows.title" values={{ n: i + 1 }} />}
            value={row.title}
            onChange={(title) => set(i, { title })}
            required
            errorText={showErrors && row.title.trim() === '' ? required : null}
          />
          <TextField
            name={`${testId}-file-${i}`}
            type="url"
            label={<FormattedMessage id="structure.plan.rows.url" values={{ n: i + 1 }} />}
            value={row.file}
            onChange={(file) => set(i, { file })}
            required
            errorText={showErrors && row.file.trim() === '' ? required : null}
          />
          <button
            type="button"
            className="ag-button"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
            aria-label={intl.formatMessage({ id: 'structure.plan.rows.remove' }, { n: i + 1 })}
          >
            <FormattedMessage id="structure.plan.rows.removeShort" />
          </button>
        </div>
      ))}
      <button
        type="button"
        className="ag-button"
        onClick={() => onChange([...rows, { title: '', file: '' }])}
        data-testid={`${testId}-add`}
      >
        <FormattedMessage id="structure.plan.rows.add" />
      </button>
    </fieldset>
  );
}
