import type { VariableKind } from '@agora/contracts';
import type { ExportCrs } from '@agora/contracts/api';
import type { AreaFilter } from '../analytics/area-filter.js';
import { areaFilterSql } from '../analytics/area-filter.js';
import { choiceLabelsSql } from '../answer/answer.mapper.js';

/** The project of an export, as the plan needs it. */
export interface ExportProject {
  token: string;
  mname: string;
  category: string | null;
}

/**
 * The type of a column's values, named as GDAL names field types (the `.csvt` sidecar says them for the CSV;
 * the GeoJSON's JSON values carry them). `WKT` is the CSV's geometry column.
 */
export type ExportFieldType = 'String' | 'Integer' | 'Real' | 'Date' | 'DateTime' | 'WKT';

/** A label in both languages of the site. */
export interface BilingualText {
  el: string;
  en: string;
}

/** One column of an export: its key (the header), what it holds, and where its value comes from. */
export interface ExportColumn {
  /** the header: at most 10 characters of `a-z 0-9 _`, unique in the file (a Shapefile's dBase field names) */
  key: string;
  label: BilingualText;
  /** `answer` for the fixed columns, a variable's value kind, `profile` for a profile question */
  kind: string;
  type: ExportFieldType;
  /** the attribute a variable belongs to; the role a profile question asks */
  context?: string;
  /** a radio's or checkbox's choices (id and label), a profile question's choice texts, a library's items */
  options?: Array<{ id?: string; label: string }>;
  /** CSV only (the GeoJSON has the geometry as the feature's) */
  csvOnly?: true;
  /** the value's token in the row's `vals` (variable:kind) or `profile` (question) */
  source?: string;
}

/** What one row of the export query holds (the values, typed, and profile answers by token). */
export interface ExportRow {
  token: string;
  respondent: string;
  topic: string;
  attribute: string;
  created: Date;
  updated: Date;
  vals: Record<string, string | number> | null;
  profile: Record<string, string> | null;
  weight: number;
  wkt: string | null;
  x: number | null;
  y: number | null;
  geojson: string | null;
}

const fixed = (key: string, type: ExportFieldType, el: string, en: string): ExportColumn => ({
  key,
  label: { el, en },
  kind: 'answer',
  type,
});

/** The fixed columns before the variables, and their names in the files. */
export const LEAD_COLUMNS: readonly ExportColumn[] = [
  fixed('answer', 'String', 'Κωδικός απάντησης', 'Answer token'),
  fixed('respondent', 'String', 'Ψευδώνυμο συμμετέχοντα', "Respondent's pseudonym"),
  fixed('topic', 'String', 'Θέμα', 'Topic'),
  fixed('attribute', 'String', 'Χαρακτηριστικό', 'Attribute'),
  fixed('created', 'DateTime', 'Δημιουργήθηκε (UTC)', 'Created (UTC)'),
  fixed('updated', 'DateTime', 'Ενημερώθηκε (UTC)', 'Updated (UTC)'),
];
/** The fixed columns after the variables and the profile questions. */
export const TAIL_COLUMNS: readonly ExportColumn[] = [
  fixed('weight', 'Real', 'Βάρος συμμετέχοντα', "Respondent's weight"),
  { ...fixed('wkt', 'WKT', 'Γεωμετρία (WKT)', 'Geometry (WKT)'), csvOnly: true },
  fixed('x', 'Real', 'Κέντρο βάρους: x (γεωγρ. μήκος)', 'Centroid: x (longitude or easting)'),
  fixed('y', 'Real', 'Κέντρο βάρους: y (γεωγρ. πλάτος)', 'Centroid: y (latitude or northing)'),
];

/** Decimals of the coordinates (spec: 8 for WGS84, else 3, i.e. about 1 mm). */
export const COORDINATE_DECIMALS: Record<ExportCrs, number> = { 4326: 8, 2100: 3, 3857: 3 };

/** The longest key: a Shapefile's dBase field names have at most 10 characters. */
export const KEY_LENGTH = 10;

/** A value kind's suffix in the key of a variable of several kinds. */
const KIND_CODES: Record<VariableKind['kind'], string> = {
  radio: 'rad',
  checkbox: 'chk',
  document: 'doc',
  date: 'dat',
  text: 'txt',
  string: 'str',
  photo: 'pho',
  number: 'num',
  resource: 'res',
  library: 'lib',
  geom_point: 'gpt',
  geom_line: 'gln',
  geom_polygon: 'gpl',
  geom_radio: 'grd',
  geom_select: 'gsl',
};

/** The kinds' names in the dictionary's labels. */
const KIND_NAMES: Record<VariableKind['kind'], BilingualText> = {
  radio: { el: 'μία επιλογή', en: 'one choice' },
  checkbox: { el: 'πολλές επιλογές', en: 'several choices' },
  document: { el: 'έγγραφο', en: 'document' },
  date: { el: 'ημερομηνία', en: 'date' },
  text: { el: 'κείμενο', en: 'text' },
  string: { el: 'σύντομο κείμενο', en: 'short text' },
  photo: { el: 'φωτογραφία', en: 'photo' },
  number: { el: 'αριθμός', en: 'number' },
  resource: { el: 'πόρος', en: 'resource' },
  library: { el: 'βιβλιοθήκη', en: 'library' },
  geom_point: { el: 'σημείο', en: 'point' },
  geom_line: { el: 'γραμμή', en: 'line' },
  geom_polygon: { el: 'πολύγωνο', en: 'polygon' },
  geom_radio: { el: 'γεωμετρική επιλογή', en: 'geometric choice' },
  geom_select: { el: 'γεωμετρικές επιλογές', en: 'geometric choices' },
};

/** The type of a kind's values: numbers are Real, dates Date, anything else (lists joined by `;`) String. */
const typeOf = (kind: VariableKind['kind']): ExportFieldType =>
  kind === 'number' ? 'Real' : kind === 'date' ? 'Date' : 'String';

/** Greek letters in Latin (ELOT 743, simplified), so that a Greek mname keeps its sense in a key. */
const GREEK: Record<string, string> = Object.fromEntries(
  [...'αβγδεζηθικλμνξοπρσςτυφχψω'].map((c, i) => [
    c,
    [
      'a',
      'v',
      'g',
      'd',
      'e',
      'z',
      'i',
      'th',
      'i',
      'k',
      'l',
      'm',
      'n',
      'x',
      'o',
      'p',
      'r',
      's',
      's',
      't',
      'y',
      'f',
      'ch',
      'ps',
      'o',
    ][i]!,
  ]),
);

/** `mname` as a key stem: lower case `a-z 0-9 _`, starting with a letter, at most `max` characters. */
function stem(name: string, max: number): string {
  let s = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[α-ω]/g, (c) => GREEK[c] ?? '_')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!/^[a-z]/.test(s)) s = `v${s}`;
  return s.slice(0, max).replace(/_+$/, '') || 'v';
}

/** `wanted` made unique among `taken` (case-insensitively, as dBase compares): its end replaced by `_2`, `_3`… */
export function uniqueKey(wanted: string, taken: Set<string>): string {
  let key = wanted.slice(0, KEY_LENGTH);
  for (let n = 2; taken.has(key); n++) {
    const suffix = `_${n}`;
    key = `${wanted.slice(0, KEY_LENGTH - suffix.length)}${suffix}`;
  }
  taken.add(key);
  return key;
}

/** The key of a variable's column: its mname, with its kind's code when it has several kinds. */
function variableKey(mname: string, kind: VariableKind['kind'] | null): string {
  if (kind === null) return stem(mname, KEY_LENGTH);
  const suffix = `_${KIND_CODES[kind]}`;
  return `${stem(mname, KEY_LENGTH - suffix.length)}${suffix}`;
}

/**
 * The columns and the query of one export: one row per answer of the project (in the order they were given),
 * the variables of the project in plan order (topic, attribute, variable), then the profile questions of the
 * category, the respondent's weight, the geometry in the asked CRS and its centroid.
 */
export class ExportPlan {
  private constructor(
    readonly project: ExportProject,
    readonly crs: ExportCrs,
    private readonly variables: ExportColumn[],
    private readonly questions: ExportColumn[],
    private readonly staff: boolean,
    private readonly filter: AreaFilter | null,
  ) {}

  static async of(
    query: <T>(sql: string, params: unknown[]) => Promise<T[]>,
    project: ExportProject,
    options: { crs: ExportCrs; staff: boolean; filter: AreaFilter | null },
  ): Promise<ExportPlan> {
    const variables = await query<{
      token: string;
      mname: string;
      attribute: string;
      variable_type: VariableKind[];
    }>(
      `SELECT v.token, v.mname, at.name AS attribute, v.variable_type
       FROM consultation.variable v
       JOIN consultation.attribute at ON at.token = v.attribute
       JOIN consultation.node n ON n.token = at.node
       WHERE n.project = $1 AND ($2 OR (v.is_visible AND at.is_visible))
       ORDER BY n.sort_order, n.created, n.token, at.sort_order, at.created, at.token,
         v.sort_order, v.created, v.token`,
      [project.token, options.staff],
    );
    const questions = await query<{
      token: string;
      question: string;
      role: string;
      choices: string[] | null;
    }>(
      `SELECT q.token, q.question, q.role,
         (SELECT array_agg(c.content ORDER BY c.sort_order, c.id) FROM consultation.profile_choice c
          WHERE c.question = q.token) AS choices
       FROM consultation.profile_question q
       WHERE q.category = $1 ORDER BY q.role, q.sort_order, q.created, q.token`,
      [project.category],
    );
    const taken = new Set<string>([...LEAD_COLUMNS, ...TAIL_COLUMNS].map((c) => c.key));
    // one column per variable; a variable of several value kinds (a choice and a comment) gets one per kind
    const variableColumns = variables.flatMap((v) => {
      const label = v.variable_type.find((k) => k.options.label)?.options.label || v.mname;
      const several = v.variable_type.length > 1;
      return v.variable_type.map(({ kind, options: o }): ExportColumn => {
        const name = KIND_NAMES[kind];
        const choices =
          o.choices?.map((c) => ({ id: c.id, label: c.label })) ?? o.items?.map((i) => ({ label: i }));
        return {
          key: uniqueKey(variableKey(v.mname, several ? kind : null), taken),
          label: several
            ? { el: `${label} (${name.el})`, en: `${label} (${name.en})` }
            : { el: label, en: label },
          kind,
          type: typeOf(kind),
          context: v.attribute,
          ...(choices && { options: choices }),
          source: `${v.token}:${kind}`,
        };
      });
    });
    const questionColumns = questions.map((q, i): ExportColumn => ({
      key: uniqueKey(`profile_${i + 1}`, taken),
      label: { el: q.question, en: q.question },
      kind: 'profile',
      type: 'String',
      context: q.role,
      options: (q.choices ?? []).map((label) => ({ label })),
      source: q.token,
    }));
    return new ExportPlan(
      project,
      options.crs,
      variableColumns,
      questionColumns,
      options.staff,
      options.filter,
    );
  }

  /** Every column, in order (the CSV's; the GeoJSON has no `wkt`). */
  get columns(): ExportColumn[] {
    return [...LEAD_COLUMNS, ...this.variables, ...this.questions, ...TAIL_COLUMNS];
  }

  /** The headers of the file (the columns' keys), in order. */
  get headers(): string[] {
    return this.columns.map((c) => c.key);
  }

  /** The cells of a row, in the order of `headers` (null: empty), numbers as numbers. */
  cells(row: ExportRow): Array<string | number | null> {
    return [
      row.token,
      row.respondent,
      row.topic,
      row.attribute,
      row.created.toISOString(),
      row.updated.toISOString(),
      ...this.variables.map((v) => row.vals?.[v.source!] ?? null),
      ...this.questions.map((q) => row.profile?.[q.source!] ?? null),
      row.weight,
      row.wkt,
      row.x,
      row.y,
    ];
  }

  /** The WHERE clause and its parameters from `$first` on (the project, visibility, the drawn area). */
  private where(first: number): { sql: string; params: unknown[] } {
    const params: unknown[] = [this.project.token, this.staff];
    let sql = `a.project = $${first} AND ($${first + 1} OR at.is_visible)`;
    if (this.filter) {
      const area = areaFilterSql(this.filter, first + 2);
      sql += ` AND a.geom IS NOT NULL AND public.ST_Intersects(a.geom, ${area.sql})`;
      params.push(area.param);
    }
    return { sql, params };
  }

  /** How many answers the export holds. */
  count(): { sql: string; params: unknown[] } {
    const where = this.where(1);
    return {
      sql: `SELECT count(*)::int AS total FROM consultation.answer a
            JOIN consultation.attribute at ON at.token = a.attribute WHERE ${where.sql}`,
      params: where.params,
    };
  }

  /**
   * The rows. A checkbox's (or library's) several values are joined by ';'; choices are shown by their current labels,
   * files by their names, numbers as JSON numbers, dates as `yyyy-mm-dd`. `geojson`: the geometry as GeoJSON for the GeoJSON file, else not computed.
   */
  rows(geojson: boolean): { sql: string; params: unknown[] } {
    const where = this.where(2);
    const d = COORDINATE_DECIMALS[this.crs];
    return {
      sql: `SELECT a.token,
         encode(sha256(p.export_salt || uuid_send(a.owner)), 'hex') AS respondent,
         n.title AS topic, at.name AS attribute, a.created, a.updated,
         (SELECT jsonb_object_agg(av.variable::text || ':' || av.kind,
            CASE WHEN av.kind = 'number' AND av.number_value IS NOT NULL THEN to_jsonb(av.number_value)
            ELSE to_jsonb(coalesce(${choiceLabelsSql('av')}, array_to_string(av.list_value, ';'), av.text_value,
              av.number_value::text, av.date_value::text, f.name)) END)
            FROM consultation.answer_value av LEFT JOIN consultation.answer_file f ON f.id = av.file
            WHERE av.answer = a.token) AS vals,
         (SELECT jsonb_object_agg(pa.question::text, pc.content)
            FROM consultation.profile_answer pa JOIN consultation.profile_choice pc ON pc.id = pa.choice
            WHERE pa.user_uuid = a.owner AND pa.category = p.category) AS profile,
         coalesce(w.weight, 1)::float8 AS weight,
         public.ST_AsText(g.geom, ${d}) AS wkt,
         round(public.ST_X(public.ST_Centroid(g.geom))::numeric, ${d})::float8 AS x,
         round(public.ST_Y(public.ST_Centroid(g.geom))::numeric, ${d})::float8 AS y,
         ${geojson ? `public.ST_AsGeoJSON(g.geom, ${d})` : 'NULL'} AS geojson
       FROM consultation.answer a
       JOIN consultation.project p ON p.token = a.project
       JOIN consultation.attribute at ON at.token = a.attribute
       JOIN consultation.node n ON n.token = a.node
       LEFT JOIN consultation.profile_weight w ON w.category = p.category AND w.user_uuid = a.owner
       CROSS JOIN LATERAL (SELECT CASE WHEN a.geom IS NULL THEN NULL
         WHEN $1::int = 4326 THEN a.geom ELSE public.ST_Transform(a.geom, $1::int) END AS geom) g
       WHERE ${where.sql}
       ORDER BY a.created, a.token`,
      params: [this.crs, ...where.params],
    };
  }
}
