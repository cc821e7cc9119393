import { useId, useState } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { useApiGet, useDateText, type ApiGetData } from '@agora/platform';

type AnswersPerDay = ApiGetData<'/api/stats/answers/days/{days}'>;

/** The periods offered, in days. */
export const PERIODS = [30, 90, 365] as const;
/** Line colours (distinct also in grey) and dash patterns, so that lines differ by more than colour. */
const COLOURS = ['#1d4ed8', '#b45309', '#047857', '#be123c', '#6d28d9', '#0f766e', '#4d7c0f', '#9d174d'];
const DASHES = ['', '6 3', '2 3', '8 3 2 3'];
const W = 600;
const H = 220;
const PAD = { left: 40, right: 10, top: 10, bottom: 24 };

/** The projects with at least one answer in the period, with their total and line style. */
export function chartSeries(data: AnswersPerDay) {
  return data.projects
    .map((p) => ({ ...p, total: p.counts.reduce((a, b) => a + b, 0) }))
    .filter((p) => p.total > 0)
    .map((p, i) => ({ ...p, colour: COLOURS[i % COLOURS.length]!, dash: DASHES[i % DASHES.length]! }));
}

/** The top of the y axis: the largest count rounded up to 1, 2 or 5 × a power of ten (at least 1). */
export function niceCeiling(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= max)!;
}

function Chart({ data, series }: { data: AnswersPerDay; series: ReturnType<typeof chartSeries> }) {
  const intl = useIntl();
  const dateText = useDateText();
  const titleId = useId();
  const top = niceCeiling(Math.max(0, ...series.flatMap((s) => s.counts)));
  const n = data.days.length;
  const x = (i: number) => PAD.left + (n > 1 ? (i / (n - 1)) * (W - PAD.left - PAD.right) : 0);
  const y = (v: number) => H - PAD.bottom - (v / top) * (H - PAD.top - PAD.bottom);
  const dayLabel = (day: string) => dateText(day);
  const ticks = n > 1 ? [0, Math.floor((n - 1) / 2), n - 1] : [0];
  return (
    <figure className="sh-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} data-testid="answers-chart">
        <title id={titleId}>
          {intl.formatMessage(
            { id: 'shell.answers.chartTitle' },
            { first: dayLabel(data.days[0]!), last: dayLabel(data.days[n - 1]!) },
          )}
        </title>
        {[0, top / 2, top].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="sh-chart-grid" />
            <text x={PAD.left - 4} y={y(v) + 4} textAnchor="end" className="sh-chart-label">
              {intl.formatNumber(v)}
            </text>
          </g>
        ))}
        {ticks.map((i) => (
          <text
            key={i}
            x={x(i)}
            y={H - 6}
            textAnchor={i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle'}
            className="sh-chart-label"
          >
            {dayLabel(data.days[i]!)}
          </text>
        ))}
        {series.map((s) => (
          <polyline
            key={s.project}
            points={s.counts.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
            fill="none"
            stroke={s.colour}
            strokeDasharray={s.dash || undefined}
            strokeWidth={2}
          />
        ))}
      </svg>
      <figcaption>
        <ul className="sh-chart-legend">
          {series.map((s) => (
            <li key={s.project}>
              <svg width="28" height="10" aria-hidden="true">
                <line
                  x1="0"
                  x2="28"
                  y1="5"
                  y2="5"
                  stroke={s.colour}
                  strokeWidth={3}
                  strokeDasharray={s.dash || undefined}
                />
              </svg>
              {s.title} <FormattedMessage id="shell.answers.total" values={{ count: s.total }} />
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

/** The same numbers as the chart: a row per day (newest first) with a column per project shown. */
function AnswersTable({ data, series }: { data: AnswersPerDay; series: ReturnType<typeof chartSeries> }) {
  const dateText = useDateText();
  const rows = data.days.map((day, i) => ({ day, i })).reverse();
  return (
    <div className="ag-table-wrap">
      <table className="ag-table" data-testid="answers-table">
        <caption className="ag-visually-hidden">
          <FormattedMessage id="shell.answers.tableCaption" />
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="shell.answers.day" />
            </th>
            {series.map((s) => (
              <th key={s.project} scope="col">
                {s.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ day, i }) => (
            <tr key={day}>
              <th scope="row">{dateText(day)}</th>
              {series.map((s) => (
                <td key={s.project}>
                  <FormattedNumber value={s.counts[i] ?? 0} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Answers over time per project (`GET /api/stats/answers/days/{n}`, admins): a chart and its table. */
export function AnswersOverTime() {
  const intl = useIntl();
  const [days, setDays] = useState<(typeof PERIODS)[number]>(90);
  const selectId = useId();
  const { data, error } = useApiGet('/api/stats/answers/days/{days}', {
    params: { path: { days: String(days) } },
  });
  if (error) return null;
  const series = data ? chartSeries(data) : [];
  return (
    <section className="sh-card sh-stats" data-testid="answers-over-time">
      <h2 className="sh-subtitle">
        <FormattedMessage id="shell.answers.title" />
      </h2>
      <label htmlFor={selectId}>
        <FormattedMessage id="shell.answers.period" />{' '}
      </label>
      <select
        id={selectId}
        value={days}
        onChange={(e) => setDays(Number(e.target.value) as (typeof PERIODS)[number])}
      >
        {PERIODS.map((p) => (
          <option key={p} value={p}>
            {intl.formatMessage({ id: 'shell.answers.days' }, { days: p })}
          </option>
        ))}
      </select>
      {data && series.length === 0 && (
        <p>
          <FormattedMessage id="shell.answers.none" />
        </p>
      )}
      {data && series.length > 0 && (
        <>
          <Chart data={data} series={series} />
          <details>
            <summary>
              <FormattedMessage id="shell.answers.showTable" />
            </summary>
            <AnswersTable data={data} series={series} />
          </details>
        </>
      )}
    </section>
  );
}
