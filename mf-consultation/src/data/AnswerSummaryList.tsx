import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ANSWER_SEARCH_MAX, ANSWER_SUMMARY_SORTS, type AnswerSummarySort } from '@agora/contracts';
import { DateText, Loading, Pagination, useApiGetWithin, useErrorMessage } from '@agora/platform';
import { AnswerListActions } from '../questionnaire/AnswersPanel';
import type { QuestionnaireAttribute } from '../questionnaire/types';
import './data.css';

export const SUMMARIES_PATH = '/api/data/scope/list/page/{page}/attribute/{attribute}';

export interface AnswerSummaryListProps {
  attribute: QuestionnaireAttribute;
  /** null, or the drawn area's `{filter}`: only the answers inside it */
  within: string | null;
  /** opens an answer (by its token) when the map holds it */
  onOpen: (choice: string) => void;
  /** whether the map holds the answer (an answer of an unchecked layer cannot be opened) */
  canOpen: (choice: string) => boolean;
  onStats: () => void;
  onClose: () => void;
}

/**
 * The answers of one attribute in the data views (experts and staff): a page at a time from the server, each with
 * its values (choices by their labels, files by their names), its date and reactions, searched and sorted by the
 * server, and only those inside the drawn area when one is drawn. A new search, order or area starts at page 1.
 */
export function AnswerSummaryList({ attribute, within, onOpen, canOpen, onStats, onClose }: AnswerSummaryListProps) {
  const intl = useIntl();
  const errorText = useErrorMessage();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `consultation.data.answers.${id}` }, values);
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<AnswerSummarySort>('newest');
  const [shownWithin, setShownWithin] = useState(within);
  if (shownWithin !== within) {
    setShownWithin(within);
    setPage(1);
  }
  const query = { ...(q ? { q } : {}), ...(sort !== 'newest' ? { sort } : {}) };
  const { data, error } = useApiGetWithin(
    SUMMARIES_PATH,
    { params: { path: { page, attribute: attribute.token }, query } },
    within,
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  // a value is named by its field's label (the short name the form shows), else by its question
  const nameOf = new Map(
    attribute.variables.map((v) => [v.token, v.variable_type[0]?.options.label || v.description || v.mname]),
  );
  return (
    <section className="cons-panel cons-summaries" aria-labelledby="cons-summaries-title" data-testid="answer-list">
      <h2 id="cons-summaries-title" className="cons-panel-title">
        <FormattedMessage id="consultation.questionnaire.answers.title" values={{ name: attribute.name }} />
      </h2>
      <form
        role="search"
        className="cons-summaries-tools"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(typed.trim());
          setPage(1);
        }}
      >
        <label className="ag-field-label" htmlFor="cons-summaries-q">
          {t('search')}
        </label>
        <span className="cons-summaries-search">
          <input
            id="cons-summaries-q"
            type="search"
            className="ag-input"
            maxLength={ANSWER_SEARCH_MAX}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            data-testid="answers-search"
          />
          <button type="submit" className="ag-button" data-testid="answers-search-go">
            {t('searchGo')}
          </button>
        </span>
        <label className="ag-field-label" htmlFor="cons-summaries-sort">
          {t('sort')}
        </label>
        <select
          id="cons-summaries-sort"
          className="ag-input"
          value={sort}
          onChange={(e) => {
            setSort(e.target.value as AnswerSummarySort);
            setPage(1);
          }}
          data-testid="answers-sort"
        >
          {ANSWER_SUMMARY_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`sort.${s}`)}
            </option>
          ))}
        </select>
      </form>
      {error ? (
        <p role="alert">{errorText(error)}</p>
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <p role="status" className="cons-hint" data-testid="answers-count">
            {within ? t('countWithin', { total: data.total }) : t('count', { total: data.total })}
          </p>
          {data.values.length > 0 && (
            <ol className="cons-summaries-list">
              {data.values.map((a) => (
                <li key={a.choice} className="cons-summary" data-testid="answer-summary">
                  <p className="cons-summary-head">
                    <DateText value={a.created} />
                    <span>{t('reactions', { likes: a.likes, dislikes: a.dislikes })}</span>
                    {a.isOwner && <span>{t('mine')}</span>}
                  </p>
                  {a.values.length === 0 ? (
                    <p className="cons-hint">{t('noValues')}</p>
                  ) : (
                    <dl className="cons-summary-values">
                      {a.values.map((v, i) => (
                        <div key={`${v.variable}-${v.variable_type}-${i}`}>
                          <dt>{nameOf.get(v.variable) ?? v.variable}</dt>
                          <dd>{v.label ?? v.value}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                  {canOpen(a.choice) && (
                    <button
                      type="button"
                      className="cons-link-button"
                      onClick={() => onOpen(a.choice)}
                      data-testid="answer-summary-open"
                    >
                      {t('open')}
                    </button>
                  )}
                </li>
              ))}
            </ol>
          )}
          <Pagination page={data.page} totalPages={data.total_pages} onPage={setPage} />
        </>
      )}
      <AnswerListActions onStats={onStats} onClose={onClose} />
    </section>
  );
}
