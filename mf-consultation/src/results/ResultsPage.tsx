import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, downloadText, ErrorFromCall, Loading, NotFound, PageHeader, toCsv } from '@agora/platform';
import { useCategoryPage } from '../categories/participation';
import { KindStats, Total, type Display } from '../answers/StatsModal';
import { useStatsFormat } from '../answers/stats/format';
import { ResultsMap } from './ResultsMap';
import { CSV_HEADER, loadResults, openDataUrl, statisticsRows, type PublishedResults } from './results';
import '../answers/answers.css';
import '../answers/stats/stats.css';
import './results.css';

/** A file name from a text: letters, digits, dots and dashes. */
const fileName = (text: string) => text.replace(/[^\p{L}\p{N}.-]+/gu, '-');

function Statistics({ results }: { results: PublishedResults }) {
  const intl = useIntl();
  const format = useStatsFormat(results.statistics[0]?.min_cell ?? 1);
  const display: Display = { view: 'both', weighting: 'unweighted', format };
  return (
    <>
      {results.statistics.map((s) => (
        <section key={s.id} className="cons-results-collection" data-testid="results-collection">
          <h2>
            <FormattedMessage
              id="consultation.results.collection"
              values={{ name: s.title, topic: s.topic }}
            />
          </h2>
          <Total data={s} format={format} />
          {s.suppressed && (
            <p className="cons-stats-note" role="note" data-testid="stats-suppressed">
              <FormattedMessage id="consultation.stats.suppressed" values={{ k: s.min_cell }} />
            </p>
          )}
          {s.variables.flatMap((v) =>
            v.kinds.map((k) => (
              <KindStats
                key={`${v.variable}:${k.variable_type}`}
                stats={k}
                display={display}
                name={
                  v.kinds.length > 1
                    ? `${v.label || v.mname}: ${intl.formatMessage({ id: `consultation.answers.kind.${k.variable_type}` })}`
                    : v.label || v.mname
                }
              />
            )),
          )}
        </section>
      ))}
    </>
  );
}

function Downloads({ project, results }: { project: string; results: PublishedResults }) {
  const url = openDataUrl(project);
  return (
    <section className="cons-results-downloads" data-testid="results-downloads">
      <h2>
        <FormattedMessage id="consultation.results.downloads" />
      </h2>
      <ul className="cons-results-files">
        {results.collections.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className="ag-button"
              data-testid="results-geojson"
              onClick={() =>
                downloadText(
                  `${fileName(c.id)}.geojson`,
                  JSON.stringify({ type: 'FeatureCollection', features: c.features }),
                  'application/geo+json',
                )
              }
            >
              <FormattedMessage id="consultation.results.geojson" values={{ name: c.title }} />
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="ag-button"
            data-testid="results-csv"
            onClick={() =>
              downloadText(
                `${fileName(results.title)}-statistics.csv`,
                toCsv(CSV_HEADER, statisticsRows(results)),
              )
            }
          >
            <FormattedMessage id="consultation.results.csv" />
          </button>
        </li>
      </ul>
      <h3>
        <FormattedMessage id="consultation.results.openData" />
      </h3>
      <p>
        <a href={url} data-testid="results-opendata">
          {url}
        </a>
      </p>
      <p>
        <FormattedMessage id="consultation.results.qgis" />
      </p>
      <p>
        <FormattedMessage id="consultation.results.gdal" />
      </p>
      <pre className="cons-results-code">
        <code>ogrinfo OAPIF:{url}</code>
      </pre>
    </section>
  );
}

/**
 * /participate/category/{category}/project/{project}/results (short names): the public results of a project, for
 * anyone, visitors included (decision 0087). The statistics of each published attribute as charts with their
 * tables, the map of the generalised answers, the downloads (GeoJSON, CSV) and the open-data address for GIS
 * software. A project whose results are not public, or not of this category, is "not found".
 */
export default function ResultsPage({ basePath }: { basePath: string }) {
  const intl = useIntl();
  const { category, project: mname } = useParams();
  const page = useCategoryPage(category);
  const card = page.data?.projects.find((p) => p.mname === mname);
  const results = useSWR<PublishedResults, ApiError>(card ? ['opendata-results', card.token] : null, () =>
    loadResults(card!.token),
  );
  const error = page.error ?? results.error;
  if ((error instanceof ApiError && error.status === 404) || (page.data && !card))
    return <NotFound homeHref={`${basePath}/`} />;
  if (error) return <ErrorFromCall error={error} />;
  if (!card || !results.data) return <Loading />;
  const data = results.data;
  return (
    <section
      className="cons-results-page"
      data-testid="mf-consultation-page"
      data-remote-version={__APP_VERSION__}
    >
      <PageHeader title={intl.formatMessage({ id: 'consultation.results.title' }, { title: card.title })} />
      <p className="cons-muted">
        <FormattedMessage id="consultation.results.intro" values={{ k: data.statistics[0]?.min_cell ?? 1 }} />
      </p>
      {data.statistics.length === 0 ? (
        <p data-testid="results-empty">
          <FormattedMessage id="consultation.results.none" />
        </p>
      ) : (
        <Statistics results={data} />
      )}
      {data.collections.length > 0 && (
        <section>
          <h2>
            <FormattedMessage id="consultation.results.map" />
          </h2>
          <ResultsMap area={data.area} collections={data.collections} />
        </section>
      )}
      <Downloads project={card.token} results={data} />
    </section>
  );
}
