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

/** A variable column: `variable:kind` and its header. */
interface VariableColumn {
  token: string;
  header: string;
}

/** A profile column: the question's token and header. */
interface ProfileColumn {
  token: string;
  header: string;
}

/** What one row of the export query holds (the values and profile answers by token). */
export interface ExportRow {
  token: string;
  respondent: string;
  topic: string;
  attribute: string;
  created: Date;
  updated: Date;
  vals: Record<string, string> | null;
  profile: Record<string, string> | null;
  weight: number;
  wkt: string | null;
  x: number | null;
  y: number | null;
  geojson: string | null;
}

/** The fixed columns before the variables, and their names in the files. */
export const LEAD_COLUMNS = ['answer', 'respondent', 'topic', 'attribute', 'created', 'updated'] as const;
/** The fixed columns after the variables and the profile questions. */
export const TAIL_COLUMNS = ['weight', 'wkt', 'x', 'y'] as const;

/** Decimals of the coordinates: about 1 cm in degrees (4326) and in metres (2100, 3857). */
const DECIMALS: Record<ExportCrs, number> = { 4326: 7, 2100: 2, 3857: 2 };

/** Gives each header once: a repeated one is suffixed with its context, then a number. */
function uniqueHeaders<T extends { header: string; context: string }>(columns: T[], taken: Set<string>): T[] {
  return columns.map((column) => {
    let header = column.header;
    if (taken.has(header)) header = `${column.header} (${column.context})`;
    for (let n = 2; taken.has(header); n++) header = `${column.header} (${column.context}) ${n}`;
    taken.add(header);
    return { ...column, header };
  });
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
    private readonly variables: VariableColumn[],
    private readonly questions: ProfileColumn[],
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
    const questions = await query<{ token: string; question: string; role: string }>(
      `SELECT token, question, role FROM consultation.profile_question
       WHERE category = $1 ORDER BY role, sort_order, created, token`,
      [project.category],
    );
    const taken = new Set<string>([...LEAD_COLUMNS, ...TAIL_COLUMNS]);
    // one column per variable; a variable of several value kinds (a choice and a comment) gets one per kind
    const variableColumns = uniqueHeaders(
      variables.flatMap((v) => {
        const label = v.variable_type.find((k) => k.options.label)?.options.label || v.mname;
        return v.variable_type.map(({ kind }) => ({
          token: `${v.token}:${kind}`,
          header: v.variable_type.length === 1 ? label : `${label} (${kind})`,
          context: v.attribute,
        }));
      }),
      taken,
    );
    const questionColumns = uniqueHeaders(
      questions.map((q) => ({ token: q.token, header: q.question, context: q.role })),
      taken,
    );
    return new ExportPlan(
      project,
      options.crs,
      variableColumns,
      questionColumns,
      options.staff,
      options.filter,
    );
  }

  /** The headers of the file, in order. */
  get headers(): string[] {
    return [
      ...LEAD_COLUMNS,
      ...this.variables.map((v) => v.header),
      ...this.questions.map((q) => q.header),
      ...TAIL_COLUMNS,
    ];
  }

  /** The cells of a row, in the order of `headers` (null: empty). */
  cells(row: ExportRow): Array<string | number | null> {
    return [
      row.token,
      row.respondent,
      row.topic,
      row.attribute,
      row.created.toISOString(),
      row.updated.toISOString(),
      ...this.variables.map((v) => row.vals?.[v.token] ?? null),
      ...this.questions.map((q) => row.profile?.[q.token] ?? null),
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
   * files by their names. `geojson`: the geometry as GeoJSON for the GeoJSON file, else not computed.
   */
  rows(geojson: boolean): { sql: string; params: unknown[] } {
    const where = this.where(2);
    const d = DECIMALS[this.crs];
    return {
      sql: `SELECT a.token,
         encode(sha256(p.export_salt || uuid_send(a.owner)), 'hex') AS respondent,
         n.title AS topic, at.name AS attribute, a.created, a.updated,
         (SELECT jsonb_object_agg(av.variable::text || ':' || av.kind,
            coalesce(${choiceLabelsSql('av')}, array_to_string(av.list_value, ';'), av.text_value, av.number_value::text,
              av.date_value::text, f.name))
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
