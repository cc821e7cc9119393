import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DateText, Loading, Pagination, useApiGetWithin, useErrorMessage } from '@agora/platform';
import { useKindLabel } from '../KindField';
import type { QuestionnaireVariable } from '../types';
import { StatsTable } from './StatsTable';

export interface ValueListProps {
  attribute: string;
  variable: QuestionnaireVariable;
  /** the variable's title */
  name: string;
  /** null, or the drawn area's `{filter}` to list only the answers inside it */
  within: string | null;
}

/** One variable's answered values, newest first, a page at a time (spec §7 "list"). */
export function ValueList({ attribute, variable, name, within }: ValueListProps) {
  const intl = useIntl();
  const errorText = useErrorMessage();
  const kindLabel = useKindLabel();
  const [page, setPage] = useState(1);
  const [shownWithin, setShownWithin] = useState(within);
  // a new drawn area starts over at the first page
  if (shownWithin !== within) {
    setShownWithin(within);
    setPage(1);
  }
  const { data, error } = useApiGetWithin(
    '/api/data/scope/list/page/{page}/attribute/{attribute}/variable/{variable}',
    { params: { path: { page, attribute, variable: variable.token } } },
    within,
  );
  const options = (kind: string) => variable.variable_type.find((t) => t.kind === kind);
  return (
    <section className="cons-stats-values" data-testid="stats-values">
      {error ? (
        <p role="alert">{errorText(error)}</p>
      ) : !data ? (
        <Loading />
      ) : data.values.length === 0 ? (
        <p>
          <FormattedMessage id="consultation.stats.noValues" />
        </p>
      ) : (
        <>
          <StatsTable
            caption={intl.formatMessage(
              { id: 'consultation.stats.valuesCaption' },
              { name, page: data.page, pages: data.total_pages },
            )}
            columns={['value', 'kind', 'date']}
          >
            {data.values.map((v, i) => {
              const kind = options(v.variable_type);
              return (
                <tr key={`${v.choice}-${v.variable_type}-${i}`}>
                  <td className="cons-stats-value">{v.label ?? v.value}</td>
                  <td>{kind ? kindLabel(kind.kind, kind.options) : v.variable_type}</td>
                  <td>
                    <DateText value={v.created} />
                  </td>
                </tr>
              );
            })}
          </StatsTable>
          <Pagination page={data.page} totalPages={data.total_pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
