import type {
  OpenDataAreaAnswer,
  OpenDataFeatureAnswer,
  OpenDataStatisticsAnswer,
  ProjectCard,
} from '@agora/contracts/api';
import { client } from '@agora/platform';
import { questionnairePath } from '../categories/cards';

/**
 * The published results of a project (decision 0087): the statistics of each attribute with answers, and the
 * features of each collection (the attributes whose answers have a place).
 */
export interface PublishedResults {
  title: string;
  /** the project's first view and its topics' boundaries */
  area: OpenDataAreaAnswer;
  statistics: OpenDataStatisticsAnswer[];
  collections: Array<{ id: string; title: string; features: OpenDataFeatureAnswer[] }>;
}

/** The features of one items page asked for: the most the open data give at once. */
const PAGE = 1000;

/** The site path of a project's public results page (short names). */
export function resultsPath(basePath: string, category: string, project: string): string {
  return `${questionnairePath(basePath, category, project)}/results`;
}

/**
 * Whether a project's results are public as its card tells: published, its publication day come (the browser's
 * day; the server's rule decides, the page says "not found" for a day too early).
 */
export function resultsArePublic(
  project: Pick<ProjectCard, 'is_public' | 'public_date'>,
  today: string,
): boolean {
  return project.is_public && project.public_date !== null && project.public_date <= today;
}

/** Today in the browser's time zone, `yyyy-MM-dd`. */
export function todayText(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The API address of a project's open data (the OGC API - Features landing page), as a GIS client opens it. */
export function openDataUrl(project: string, origin = window.location.origin): string {
  return `${origin}/api/opendata/project/${encodeURIComponent(project)}`;
}

/** The address of every published feature of a collection at once (GeoJSON). */
export function itemsUrl(project: string, collection: string): string {
  return `${openDataUrl(project)}/collections/${encodeURIComponent(collection)}/items?limit=${PAGE}`;
}

/** Every published feature of a collection, page after page. */
async function allFeatures(project: string, collection: string): Promise<OpenDataFeatureAnswer[]> {
  const features: OpenDataFeatureAnswer[] = [];
  for (;;) {
    const page = await client.GET('/api/opendata/project/{project}/collections/{collection}/items', {
      params: {
        path: { project, collection },
        query: { limit: String(PAGE), ...(features.length > 0 && { offset: String(features.length) }) },
      },
    });
    features.push(...page.features);
    if (page.features.length === 0 || features.length >= page.numberMatched) return features;
  }
}

/**
 * The results page's data: the landing page's title, the project's area, each attribute's statistics and each
 * collection's features.
 */
export async function loadResults(project: string): Promise<PublishedResults> {
  const path = { project };
  const [landing, area, list, published] = await Promise.all([
    client.GET('/api/opendata/project/{project}', { params: { path } }),
    client.GET('/api/opendata/project/{project}/area', { params: { path } }),
    client.GET('/api/opendata/project/{project}/collections', { params: { path } }),
    client.GET('/api/opendata/project/{project}/statistics', { params: { path } }),
  ]);
  const [statistics, collections] = await Promise.all([
    Promise.all(
      published.attributes.map((a) =>
        client.GET('/api/opendata/project/{project}/statistics/{attribute}', {
          params: { path: { project, attribute: a.id } },
        }),
      ),
    ),
    Promise.all(
      list.collections.map(async (c) => ({
        id: c.id,
        title: c.title,
        features: await allFeatures(project, c.id),
      })),
    ),
  ]);
  return { title: landing.title, area, statistics, collections };
}

/** The CSV columns of the statistics. */
export const CSV_HEADER = [
  'collection',
  'topic',
  'attribute',
  'variable',
  'kind',
  'statistic',
  'value',
  'respondents',
  'percent',
  'weighted',
  'weighted_percent',
] as const;

/**
 * The statistics as CSV rows: per kind of each variable its summary numbers (respondents, min, max, mean,
 * median) and one row per value of its distribution and per day; a hidden cell's numbers are empty.
 */
export function statisticsRows(results: PublishedResults): unknown[][] {
  const rows: unknown[][] = [];
  for (const s of results.statistics)
    for (const v of s.variables)
      for (const k of v.kinds) {
        const row = (statistic: string, value: unknown, cell?: (typeof k.dist)[number]) =>
          rows.push([
            s.id,
            s.topic,
            s.title,
            v.label || v.mname,
            k.variable_type,
            statistic,
            value,
            cell?.count ?? null,
            cell?.percent ?? null,
            cell?.weighted ?? null,
            cell?.weighted_percent ?? null,
          ]);
        row('respondents', k.count);
        for (const name of ['min', 'max', 'mean', 'median'] as const)
          if (k[name] !== undefined && k[name] !== null) row(name, k[name]);
        for (const d of k.dist) row('count', d.value, d);
        for (const d of k.per_day ?? []) row('day', d.day, { ...d, value: d.day });
      }
  return rows;
}
