import { z } from 'zod';
import { ANSWER_VALUE_KINDS } from './consultation-answers.js';
import { GeoJsonGeometryAnswer } from './consultation-structure.js';

/**
 * What experts and administrators read of a consultation's answers (issue 12, decision 0039): statistics with
 * weights and small-cell suppression, the answers' points for clusters and heat maps, and counts per zone. Every
 * route also comes as `…/within/{filter}` (the drawn-area filter, `parseAreaFilter`): only experts and staff may
 * use it, a filter that does not parse or a self-intersecting polygon is a 400 `CONSULTATION.FILTER_INVALID`.
 *
 * A cell is one count of respondents (distinct owners) shown in a statistic. For everyone but administrators a
 * cell with 1..min_cell-1 respondents is hidden: its numbers are null and `suppressed` true. A respondent counts
 * with their profile weight for the project's category, 1 when none is stored.
 */

/** How a kind's values are summed up: shares of labels, or number/date/text statistics. */
export const STATISTIC_TYPES = ['percentage', 'number', 'date', 'text'] as const;
export type StatisticType = (typeof STATISTIC_TYPES)[number];

/** One count shown, unweighted and weighted side by side; null when suppressed. */
export const Cell = z.object({
  count: z.int().min(0).nullable().meta({ description: 'respondents in the cell; null when suppressed' }),
  weighted: z.number().min(0).nullable().meta({ description: 'sum of their weights; null when suppressed' }),
  percent: z.number().min(0).max(100).nullable().meta({ description: 'count / total × 100' }),
  weighted_percent: z
    .number()
    .min(0)
    .max(100)
    .nullable()
    .meta({ description: 'weighted / weighted total × 100' }),
  suppressed: z.boolean().meta({ description: 'hidden: fewer respondents than min_cell (not for admins)' }),
});
export type Cell = z.infer<typeof Cell>;

/** The statistics of one value kind of a variable. */
export const KindStatisticsAnswer = z.object({
  variable_type: z.enum(ANSWER_VALUE_KINDS),
  type: z.enum(STATISTIC_TYPES),
  count: z.int().min(0).nullable().meta({ description: 'respondents with a value of this kind' }),
  weighted_count: z.number().min(0).nullable(),
  dist: z
    .array(
      Cell.extend({
        value: z.string(),
        choice: z
          .string()
          .optional()
          .meta({ description: "radio, checkbox: the choice's id (value: its label)" }),
      }),
    )
    .meta({ description: 'percentage: every label (choices, items); others: the most frequent values' }),
  min: z.string().nullable().optional(),
  max: z.string().nullable().optional(),
  mean: z.number().nullable().optional(),
  weighted_mean: z.number().nullable().optional(),
  median: z.number().nullable().optional(),
  per_day: z
    .array(Cell.extend({ day: z.iso.date() }))
    .optional()
    .meta({ description: 'dates: respondents per day' }),
});
export type KindStatisticsAnswer = z.infer<typeof KindStatisticsAnswer>;

/** `GET data/scope/ensemble/attribute/{attr}[/variable/{var}][/within/{filter}]`: per-attribute statistics. */
export const EnsembleAnswer = z.object({
  count: z.int().min(0).nullable().meta({ description: 'answers to the attribute (null when suppressed)' }),
  respondents: z.int().min(0).nullable(),
  weighted_respondents: z.number().min(0).nullable(),
  min_cell: z.int().min(1).meta({ description: 'the smallest cell shown to non-admins' }),
  suppressed: z.boolean().meta({ description: 'whether any number was hidden' }),
  filtered: z.boolean().meta({ description: 'whether a drawn-area filter was applied' }),
  geometry: z.object({
    type: z.enum(['point', 'line', 'polygon']).nullable(),
    count: z
      .int()
      .min(0)
      .nullable()
      .meta({ description: 'answers with a geometry (null: hidden, a small cell)' }),
    length_m: z.number().min(0).nullable().meta({ description: 'lines: total length on the ellipsoid, m' }),
    area_m2: z.number().min(0).nullable().meta({ description: 'polygons: total area on the ellipsoid, m²' }),
  }),
  variables: z.array(
    z.object({
      variable: z.guid(),
      mname: z.string(),
      label: z.string(),
      kinds: z.array(KindStatisticsAnswer),
    }),
  ),
  profile: z
    .array(
      z.object({
        question: z.guid(),
        label: z.string(),
        choices: z.array(Cell.extend({ choice: z.union([z.int(), z.string()]), label: z.string() })),
      }),
    )
    .meta({ description: "the respondents per answer of the category's profile questions" }),
});
export type EnsembleAnswer = z.infer<typeof EnsembleAnswer>;

/** An attribute whose statistics the open data publish: topic.attribute, its name and its topic's title. */
const PublishedAttribute = z.object({
  id: z.string().meta({ description: "the topic's and the attribute's short names, topic.attribute" }),
  title: z.string().meta({ description: "the attribute's name" }),
  topic: z.string().meta({ description: "the topic's title" }),
});

/** `GET opendata/project/{project}/statistics`: the visible attributes with answers, with or without a place. */
export const OpenDataStatisticsListAnswer = z.object({ attributes: z.array(PublishedAttribute) });
export type OpenDataStatisticsListAnswer = z.infer<typeof OpenDataStatisticsListAnswer>;

/**
 * `GET opendata/project/{project}/statistics/{attribute}`: the statistics of an attribute for the public results
 * page (decision 0087), as the experts' statistics show them to non-administrators (cells of fewer than
 * `min_cell` respondents hidden), without the profile questions and without free texts unless the project
 * publishes them.
 */
export const OpenDataStatisticsAnswer = EnsembleAnswer.omit({ profile: true, filtered: true }).extend({
  id: z.string().meta({ description: 'the attribute, topic.attribute (the collection when it has places)' }),
  title: z.string().meta({ description: "the attribute's name" }),
  topic: z.string().meta({ description: "the topic's title" }),
});
export type OpenDataStatisticsAnswer = z.infer<typeof OpenDataStatisticsAnswer>;

/**
 * `GET opendata/project/{project}/area`: where the consultation took place, for the public results page's map
 * (decision 0087): the project's first view and its topics' boundaries as the staff drew them.
 */
export const OpenDataAreaAnswer = z.object({
  center: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  zoom: z.int().min(0).max(22),
  topics: z.array(
    z.object({
      title: z.string(),
      boundary: GeoJsonGeometryAnswer.meta({ description: 'a polygon or multipolygon, EPSG:4326' }),
    }),
  ),
});
export type OpenDataAreaAnswer = z.infer<typeof OpenDataAreaAnswer>;

/** `GET data/scope/points/project/{project}[/within/{filter}]`: each answer's point, for clusters and heat maps. */
export const AnswerPointsAnswer = z.object({
  attributes: z.array(
    z.object({
      attribute: z.guid(),
      count: z.int().min(0),
      coords: z.array(z.number()).meta({
        description: 'flat [lon, lat, lon, lat, …]: the point on the surface of each answer, 6 decimals',
      }),
    }),
  ),
});
export type AnswerPointsAnswer = z.infer<typeof AnswerPointsAnswer>;

export const ZONE_KINDS = ['topic', 'filter'] as const;

/** `GET data/scope/zones/project/{project}[/within/{filter}]`: answers per topic boundary and per drawn polygon. */
export const AnswerZonesAnswer = z.object({
  min_cell: z.int().min(1),
  suppressed: z.boolean(),
  zones: z.array(
    z.object({
      kind: z.enum(ZONE_KINDS),
      id: z.string().meta({ description: "the topic's token, or the drawn polygon's number from '1'" }),
      label: z.string(),
      answers: z.int().min(0).nullable().meta({ description: 'answers in the zone; null when suppressed' }),
      respondents: z.int().min(0).nullable(),
      weighted: z.number().min(0).nullable(),
      suppressed: z.boolean(),
    }),
  ),
});
export type AnswerZonesAnswer = z.infer<typeof AnswerZonesAnswer>;
