import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { VariableOptions } from '@agora/contracts';
import type { KindStatisticsAnswer } from '@agora/contracts/api';
import { Loading, Modal, useApiGet, useErrorMessage } from '@agora/platform';
import { useKindLabel } from './KindField';
import { Tabs } from './Tabs';
import type { QuestionnaireAttribute } from './types';
import './answers.css';

export interface StatsModalProps {
  attribute: QuestionnaireAttribute;
  onClose(): void;
}

type View = 'chart' | 'table';

function usePercent(): (percent: number) => string {
  const intl = useIntl();
  return (percent) => intl.formatNumber(percent / 100, { style: 'percent', maximumFractionDigits: 1 });
}

/** The distribution as horizontal bars: every bar's label, count and share are text, the bar only shows it. */
function Bars({ stats, caption }: { stats: KindStatisticsAnswer; caption: string }) {
  const percent = usePercent();
  return (
    <figure className="cons-ans-chart" data-testid="stats-chart">
      <figcaption>{caption}</figcaption>
      <ul>
        {stats.dist.map((d) => (
          <li key={d.value} className="cons-ans-bar-row">
            <span className="cons-ans-bar-label">{d.value}</span>
            <span className="cons-ans-bar-track" aria-hidden="true">
              <span
                className="cons-ans-bar"
                style={{ width: `${Math.min(100, Math.max(0, d.percent ?? 0))}%` }}
              />
            </span>
            <span className="cons-ans-bar-value">
              <FormattedMessage
                id="consultation.answers.stats.share"
                values={{ count: d.count ?? '—', percent: d.percent === null ? '—' : percent(d.percent) }}
              />
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** The same distribution as a table. */
function DistTable({ stats, caption }: { stats: KindStatisticsAnswer; caption: string }) {
  const percent = usePercent();
  return (
    <table className="cons-ans-table" data-testid="stats-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">
            <FormattedMessage id="consultation.answers.stats.value" />
          </th>
          <th scope="col">
            <FormattedMessage id="consultation.answers.stats.count" />
          </th>
          <th scope="col">
            <FormattedMessage id="consultation.answers.stats.percent" />
          </th>
        </tr>
      </thead>
      <tbody>
        {stats.dist.map((d) => (
          <tr key={d.value}>
            <th scope="row">{d.value}</th>
            <td>{d.count ?? '—'}</td>
            <td>{d.percent === null ? '—' : percent(d.percent)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Named numbers (`consultation.answers.stats.<name>`); the undefined ones are left out. */
function Summary({
  entries,
  testId,
}: {
  entries: ReadonlyArray<readonly [string, string | number | undefined]>;
  testId?: string;
}) {
  const shown = entries.filter(([, value]) => value !== undefined);
  if (shown.length === 0) return null;
  return (
    <dl className="cons-ans-summary" data-testid={testId}>
      {shown.map(([name, value]) => (
        <div key={name}>
          <dt>
            <FormattedMessage id={`consultation.answers.stats.${name}`} />
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function KindStats({
  stats,
  view,
  options,
}: {
  stats: KindStatisticsAnswer;
  view: View;
  /** the kind's options in the variable (its label) */
  options: VariableOptions;
}) {
  const intl = useIntl();
  const label = useKindLabel();
  const name = label(stats.variable_type, options);
  const caption = intl.formatMessage(
    {
      id:
        stats.type === 'percentage'
          ? 'consultation.answers.stats.dist'
          : 'consultation.answers.stats.frequent',
    },
    { name },
  );
  return (
    <section className="cons-ans-kind-stats" data-testid={`stats-kind-${stats.variable_type}`}>
      <h3>{name}</h3>
      <p>
        <FormattedMessage id="consultation.answers.stats.answers" values={{ count: stats.count }} />
      </p>
      <Summary
        entries={[
          ['min', stats.min ?? undefined],
          ['max', stats.max ?? undefined],
          [
            'mean',
            stats.mean === undefined || stats.mean === null
              ? undefined
              : intl.formatNumber(stats.mean, { maximumFractionDigits: 2 }),
          ],
        ]}
      />
      {stats.dist.length === 0 ? (
        <p>
          <FormattedMessage id="consultation.answers.stats.empty" />
        </p>
      ) : view === 'chart' ? (
        <Bars stats={stats} caption={caption} />
      ) : (
        <DistTable stats={stats} caption={caption} />
      )}
    </section>
  );
}

/**
 * The statistics of one attribute (spec part 2 §2 "Answer modals"): a total tab (answers and respondents) and one
 * tab per variable with each kind's count and distribution, as bars drawn with HTML and CSS or as a table.
 */
export function StatsModal({ attribute, onClose }: StatsModalProps) {
  const intl = useIntl();
  const errorText = useErrorMessage();
  const [active, setActive] = useState(0);
  const [view, setView] = useState<View>('chart');
  const { data, error } = useApiGet('/api/data/scope/ensemble/attribute/{attribute}', {
    params: { path: { attribute: attribute.token } },
  });
  const title = intl.formatMessage({ id: 'consultation.answers.stats.title' }, { name: attribute.name });
  const variables = data?.variables ?? [];
  const tabs = [
    { key: 'total', label: <FormattedMessage id="consultation.answers.stats.total" /> },
    ...variables.map((v) => ({ key: v.variable, label: v.label || v.mname })),
  ];
  const current = active > 0 ? variables[active - 1] : undefined;
  return (
    <div className="cons-ans-wide">
      <Modal title={title} onClose={onClose} testId="stats-modal">
        {error ? (
          <p role="alert" data-testid="answers-load-error">
            {errorText(error)}
          </p>
        ) : !data ? (
          <Loading />
        ) : (
          <Tabs
            tabs={tabs}
            active={active}
            onSelect={setActive}
            label={intl.formatMessage({ id: 'consultation.answers.stats.tabs' })}
            testId="stats-tabs"
          >
            {!current ? (
              <Summary
                testId="stats-total"
                entries={[
                  ['count', data.count ?? undefined],
                  ['respondents', data.respondents ?? undefined],
                ]}
              />
            ) : (
              <>
                <div
                  className="cons-ans-view"
                  role="group"
                  aria-label={intl.formatMessage({ id: 'consultation.answers.stats.view' })}
                >
                  {(['chart', 'table'] as const).map((v) => (
                    <button
                      key={v}
                      type="button"
                      className="ag-button"
                      aria-pressed={view === v}
                      onClick={() => setView(v)}
                      data-testid={`stats-view-${v}`}
                    >
                      <FormattedMessage id={`consultation.answers.stats.${v}`} />
                    </button>
                  ))}
                </div>
                {current.kinds.length === 0 ? (
                  <p>
                    <FormattedMessage id="consultation.answers.stats.empty" />
                  </p>
                ) : (
                  current.kinds.map((k) => (
                    <KindStats
                      key={k.variable_type}
                      stats={k}
                      view={view}
                      options={
                        attribute.variables
                          .find((v) => v.token === current.variable)
                          ?.variable_type.find((t) => t.kind === k.variable_type)?.options ?? {}
                      }
                    />
                  ))
                )}
              </>
            )}
          </Tabs>
        )}
        <div className="ag-modal-actions">
          <button type="button" className="ag-button" onClick={onClose}>
            <FormattedMessage id="consultation.answers.close" />
          </button>
        </div>
      </Modal>
    </div>
  );
}
