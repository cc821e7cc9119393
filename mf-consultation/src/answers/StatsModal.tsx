import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { QuestionnaireAccess } from '@agora/contracts/api';
import { Loading, Modal, Tabs, useApiGetWithin, useErrorMessage } from '@agora/platform';
import { areaFilterAtom, withinOf } from '../data/areaFilter';
import { useKindLabel } from './KindField';
import { CellView, type CellRow, type Shown, type View } from './stats/CellView';
import { useStatsFormat, type StatsFormat, type Weighting } from './stats/format';
import type { KindStatistics, StatsAnswer } from './stats/types';
import { ValueList } from './stats/ValueList';
import type { QuestionnaireAttribute } from './types';
import './answers.css';
import './stats/stats.css';

export interface StatsModalProps {
  attribute: QuestionnaireAttribute;
  /** the project's token (the drawn-area filter belongs to one project) */
  project: string;
  /** the caller's role: experts and staff follow the drawn area, a normal participant never sends one */
  role: QuestionnaireAccess['role'];
  onClose(): void;
}

/** The `{filter}` of the data calls' `/within/{filter}` form: the project's drawn area, for experts and staff only. */
export function useWithin(project: string, role: QuestionnaireAccess['role']): string | null {
  const filter = useAtomValue(areaFilterAtom);
  return role === 'normal' ? null : withinOf(filter, project);
}

/** Named numbers (`consultation.stats.<name>`); the undefined ones are left out. */
function Summary({
  entries,
  testId,
}: {
  entries: ReadonlyArray<readonly [string, ReactNode | undefined]>;
  testId?: string;
}) {
  const shown = entries.filter(([, value]) => value !== undefined);
  if (shown.length === 0) return null;
  return (
    <dl className="cons-ans-summary" data-testid={testId}>
      {shown.map(([name, value]) => (
        <div key={name}>
          <dt>
            <FormattedMessage id={`consultation.stats.${name}`} />
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface Display {
  view: Shown;
  weighting: Weighting;
  format: StatsFormat;
}

/** A pair of toggle buttons (`aria-pressed`), the pressed one being `value`. */
function Toggle<T extends string>({
  label,
  values,
  value,
  onChange,
  testId,
}: {
  label: string;
  values: readonly T[];
  value: T;
  onChange: (value: T) => void;
  testId: string;
}) {
  return (
    <div className="cons-ans-view" role="group" aria-label={label}>
      {values.map((v) => (
        <button
          key={v}
          type="button"
          className="ag-button"
          aria-pressed={value === v}
          onClick={() => onChange(v)}
          data-testid={`${testId}-${v}`}
        >
          <FormattedMessage id={`consultation.stats.${v}`} />
        </button>
      ))}
    </div>
  );
}

/** The numbers, distribution and answers per day of one value kind of a variable. */
export function KindStats({
  stats,
  display,
  name,
}: {
  stats: KindStatistics;
  display: Display;
  /** the kind's title in the variable */
  name: string;
}) {
  const intl = useIntl();
  const { format } = display;
  const caption = intl.formatMessage(
    { id: stats.type === 'percentage' ? 'consultation.stats.dist' : 'consultation.stats.frequent' },
    { name },
  );
  const dist: CellRow[] = stats.dist.map((d) => ({ key: d.choice ?? d.value, label: d.value, cell: d }));
  const days: CellRow[] = (stats.per_day ?? []).map((d) => ({
    key: d.day,
    label: format.day(d.day),
    cell: d,
  }));
  const number = (n: number | null | undefined) =>
    n === undefined || n === null ? undefined : format.decimal(n);
  return (
    <section className="cons-ans-kind-stats" data-testid={`stats-kind-${stats.variable_type}`}>
      <h3>{name}</h3>
      <Summary
        entries={[
          ['answers', format.count(stats.count)],
          ['weightedAnswers', format.weighted(stats.weighted_count)],
          ['min', stats.min ?? undefined],
          ['max', stats.max ?? undefined],
          ['median', number(stats.median)],
          ['mean', number(stats.mean)],
          ['weightedMean', number(stats.weighted_mean)],
        ]}
      />
      {dist.length === 0 && days.length === 0 ? (
        <p>
          <FormattedMessage id="consultation.stats.empty" />
        </p>
      ) : (
        <>
          {dist.length > 0 && (
            <CellView rows={dist} caption={caption} shape="bars" testId="stats-dist" {...display} />
          )}
          {days.length > 0 && (
            <CellView
              rows={days}
              caption={intl.formatMessage({ id: 'consultation.stats.perDay' }, { name })}
              shape="days"
              testId="stats-days"
              {...display}
            />
          )}
        </>
      )}
    </section>
  );
}

/** An attribute's totals: answers, respondents, their weighted number, the drawn shapes. */
export function Total({
  data,
  format,
}: {
  data: Pick<StatsAnswer, 'count' | 'respondents' | 'weighted_respondents' | 'geometry'>;
  format: StatsFormat;
}) {
  const { geometry } = data;
  return (
    <Summary
      testId="stats-total"
      entries={[
        ['count', format.count(data.count)],
        ['respondents', format.count(data.respondents)],
        ['weightedRespondents', format.weighted(data.weighted_respondents)],
        // hidden answers hide their shapes too (the server then gives 0, which is not their number)
        [
          'geometries',
          geometry.type === null ? undefined : format.count(data.count === null ? null : geometry.count),
        ],
        ['length', geometry.length_m === null ? undefined : format.length(geometry.length_m)],
        ['area', geometry.area_m2 === null ? undefined : format.area(geometry.area_m2)],
      ]}
    />
  );
}

function Profile({ data, display }: { data: StatsAnswer; display: Display }) {
  return (
    <>
      {data.profile.map((q) => (
        <section key={q.question} className="cons-ans-kind-stats" data-testid="stats-profile">
          <h3>{q.label}</h3>
          <CellView
            rows={q.choices.map((c) => ({ key: String(c.choice), label: c.label, cell: c }))}
            caption={q.label}
            shape="bars"
            testId="stats-profile"
            {...display}
          />
        </section>
      ))}
    </>
  );
}

function Notices({ data, within }: { data: StatsAnswer; within: boolean }) {
  return (
    <>
      {(within || data.filtered) && (
        <p className="cons-stats-note" data-testid="stats-filtered">
          <FormattedMessage id="consultation.stats.filtered" />
        </p>
      )}
      {data.suppressed && (
        <p className="cons-stats-note" role="note" data-testid="stats-suppressed">
          <FormattedMessage id="consultation.stats.suppressed" values={{ k: data.min_cell }} />
        </p>
      )}
    </>
  );
}

/**
 * The statistics of one attribute (spec part 2 §2 "Answer modals", §7 "ensemble"): a total tab (answers,
 * respondents, their weighted number, the drawn shapes), one tab per variable with each kind's numbers,
 * distribution and answers per day, and a tab for the consultation profile. Respondents are counted as they
 * are or with their profile weight (the charts follow the choice, the tables give both); a group smaller than
 * the smallest cell allowed is hidden by the server and reads "fewer than k". Experts and staff see only the
 * answers inside the drawn area when there is one.
 */
export function StatsModal({ attribute, project, role, onClose }: StatsModalProps) {
  const intl = useIntl();
  const errorText = useErrorMessage();
  const kindLabel = useKindLabel();
  const [active, setActive] = useState(0);
  const [view, setView] = useState<View>('chart');
  const [weighting, setWeighting] = useState<Weighting>('unweighted');
  const [valuesOpen, setValuesOpen] = useState(false);
  const within = useWithin(project, role);
  const { data, error } = useApiGetWithin(
    '/api/data/scope/ensemble/attribute/{attribute}',
    { params: { path: { attribute: attribute.token } } },
    within,
  );
  const format = useStatsFormat(data?.min_cell ?? 1);
  const display: Display = { view, weighting, format };
  const title = intl.formatMessage({ id: 'consultation.stats.title' }, { name: attribute.name });
  const variables = data?.variables ?? [];
  const hasProfile = (data?.profile.length ?? 0) > 0;
  const tabs = [
    { key: 'total', label: <FormattedMessage id="consultation.stats.total" /> },
    ...variables.map((v) => ({ key: v.variable, label: v.label || v.mname })),
    ...(hasProfile ? [{ key: 'profile', label: <FormattedMessage id="consultation.stats.profile" /> }] : []),
  ];
  const tab = Math.min(active, tabs.length - 1);
  const current = tab > 0 ? variables[tab - 1] : undefined;
  const variable = current && attribute.variables.find((v) => v.token === current.variable);
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
          <>
            <Notices data={data} within={within !== null} />
            <div className="cons-stats-controls">
              <Toggle
                label={intl.formatMessage({ id: 'consultation.stats.weighting' })}
                values={['unweighted', 'weighted'] as const}
                value={weighting}
                onChange={setWeighting}
                testId="stats-weighting"
              />
              <Toggle
                label={intl.formatMessage({ id: 'consultation.stats.view' })}
                values={['chart', 'table'] as const}
                value={view}
                onChange={setView}
                testId="stats-view"
              />
            </div>
            <Tabs
              tabs={tabs}
              active={tab}
              onSelect={setActive}
              label={intl.formatMessage({ id: 'consultation.stats.tabs' })}
              testId="stats-tabs"
            >
              {tab === 0 ? (
                <Total data={data} format={format} />
              ) : !current ? (
                <Profile data={data} display={display} />
              ) : (
                <>
                  {current.kinds.length === 0 ? (
                    <p>
                      <FormattedMessage id="consultation.stats.empty" />
                    </p>
                  ) : (
                    current.kinds.map((k) => {
                      const kind = variable?.variable_type.find((t) => t.kind === k.variable_type);
                      return (
                        <KindStats
                          key={k.variable_type}
                          stats={k}
                          display={display}
                          name={kind ? kindLabel(kind.kind, kind.options) : k.variable_type}
                        />
                      );
                    })
                  )}
                  {variable && (
                    <>
                      <button
                        type="button"
                        className="ag-button cons-stats-values-toggle"
                        aria-expanded={valuesOpen}
                        onClick={() => setValuesOpen(!valuesOpen)}
                        data-testid="stats-values-open"
                      >
                        <FormattedMessage id="consultation.stats.values" />
                      </button>
                      {valuesOpen && (
                        <ValueList
                          key={variable.token}
                          attribute={attribute.token}
                          variable={variable}
                          name={current.label || current.mname}
                          within={within}
                        />
                      )}
                    </>
                  )}
                </>
              )}
            </Tabs>
          </>
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
