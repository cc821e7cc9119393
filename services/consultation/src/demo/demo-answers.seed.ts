import { randomUUID } from 'node:crypto';
import { DEMO_PARTICIPANTS, DEMO_RESIDENTS, type VariableKind } from '@agora/contracts';
import { choiceIdsOf } from '@agora/contracts/api';
import type { FileStorage } from '@agora/common/storage';
import type { EntityManager } from 'typeorm';
import { answerFileKey } from '../answer/answer-files.js';
import { typedValue } from '../answer/answer.rules.js';
import { profileWeight } from '../profile/profile-weight.js';
import { demoAnswers } from './demo-answers.js';
import { checkedDemoFile } from './demo-files.js';

/** How many rows the demo answers added. */
export interface DemoAnswerCounts {
  answers: number;
  values: number;
  profiles: number;
  reactions: number;
  /** the photos and documents of the answers, in the file store */
  files: number;
}

interface AttributeRow {
  project: string;
  project_mname: string;
  attribute: string;
  attribute_mname: string;
  node: string;
}

interface VariableRow {
  attribute: string;
  token: string;
  mname: string;
  variable_type: VariableKind[];
}

/** Rows per INSERT: one statement per chunk of answers or values, each row a JSON object of the parameter. */
const CHUNK = 2_000;

/** Runs `insert` with each chunk of `rows`, as JSON text (one round trip per chunk, not per row). */
async function inChunks<T>(rows: T[], insert: (json: string) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(JSON.stringify(rows.slice(i, i + CHUNK)));
}

interface QuestionRow {
  category: string;
  token: string;
  weight: number;
  choices: Array<{ id: number; weight: number }>;
}

/**
 * Adds the demo participants' and residents' answers (`demoAnswers`) to the demo questionnaires inside the demo's
 * transaction `m`, in bulk: each value typed by its variable's rules as the answer routes type it, the profiles
 * with the weight their choices give, and the likes. The answers are dated back from `now`. A photo or document
 * is checked as an upload is and kept as an upload is: an object of the store's private area (`answers/<id>`),
 * written before the row that names it, the row with its owner, name, type, size and SHA-256; `written` gets the
 * keys, for the caller to delete them if the transaction fails.
 */
export async function seedDemoAnswers(
  m: EntityManager,
  now: Date,
  storage: FileStorage,
  written: string[] = [],
): Promise<DemoAnswerCounts> {
  const { answers, profiles, reactions } = demoAnswers(now);
  const attributes = await m.query<AttributeRow[]>(
    `SELECT p.token AS project, p.mname AS project_mname, a.token AS attribute, a.mname AS attribute_mname,
            n.token AS node
       FROM consultation.attribute a
       JOIN consultation.node n ON n.token = a.node
       JOIN consultation.project p ON p.token = n.project`,
  );
  const attributeOf = new Map(attributes.map((a) => [`${a.project_mname}/${a.attribute_mname}`, a]));
  const variables = await m.query<VariableRow[]>(
    `SELECT attribute, token, mname, variable_type FROM consultation.variable`,
  );
  const variableOf = new Map(variables.map((v) => [`${v.attribute}/${v.mname}`, v]));
  const answerRows: object[] = [];
  const valueRows: object[] = [];
  const fileRows: object[] = [];
  const pendingFiles: Array<{
    row: Record<string, unknown>;
    file: NonNullable<(typeof answers)[number]['files']>[string];
  }> = [];
  const tokens: string[] = [];
  answers.forEach((answer, index) => {
    const attribute = attributeOf.get(`${answer.project}/${answer.attribute}`);
    if (!attribute)
      throw new Error(`demo answer to an unknown attribute ${answer.project}/${answer.attribute}`);
    const when = new Date(now.getTime() - answer.daysAgo * 86_400_000 - (index % 600) * 60_000).toISOString();
    const token = randomUUID();
    tokens.push(token);
    answerRows.push({
      token,
      project: attribute.project,
      node: attribute.node,
      attribute: attribute.attribute,
      owner: answer.owner,
      geom: answer.geometry ? JSON.stringify(answer.geometry) : null,
      created: when,
    });
    for (const [mname, value] of Object.entries(answer.values)) {
      const variable = variableOf.get(`${attribute.attribute}/${mname}`);
      const kind = variable?.variable_type[0];
      if (!variable || !kind)
        throw new Error(`demo value of an unknown variable ${answer.attribute}/${mname}`);
      // The same check and typing as a participant's value: a demo value breaking its variable's rules fails.
      // the demo answers name their choices by label, an answer stores their ids
      const wire = kind.options.choices ? choiceIdsOf(kind.options.choices, value) : value;
      const location = answer.locations?.[mname];
      const typed = typedValue(
        0,
        kind.kind,
        { value: wire, ...(location ? { location } : {}) },
        kind.options,
        false,
      );
      valueRows.push({
        answer: token,
        variable: variable.token,
        kind: kind.kind,
        text_value: typed.text_value ?? null,
        number_value: typed.number_value ?? null,
        date_value: typed.date_value ?? null,
        list_value: typed.list_value ?? null,
        lat: typed.location?.lat ?? null,
        lon: typed.location?.lon ?? null,
        file: null,
        created: when,
      });
    }
    for (const [mname, file] of Object.entries(answer.files ?? {})) {
      const variable = variableOf.get(`${attribute.attribute}/${mname}`);
      const kind = variable?.variable_type[0];
      if (!variable || kind?.kind !== file.kind)
        throw new Error(`demo ${file.kind} of an unknown variable ${answer.attribute}/${mname}`);
      const id = randomUUID();
      const row = {
        answer: token,
        variable: variable.token,
        kind: kind.kind,
        text_value: null,
        number_value: null,
        date_value: null,
        list_value: null,
        lat: null,
        lon: null,
        file: id,
        created: when,
      };
      valueRows.push(row);
      pendingFiles.push({
        row: { id, owner: answer.owner, answer: token, variable: variable.token, created: when },
        file,
      });
    }
  });
  // the files: checked and written to the store before their rows, as an upload's are
  for (const { row, file } of pendingFiles) {
    const checked = await checkedDemoFile(file);
    const key = answerFileKey(String(row['id']));
    written.push(key);
    await storage.put(key, checked.data);
    fileRows.push({
      ...row,
      name: checked.name,
      mime: checked.mime,
      bytes: checked.data.length,
      storage_key: key,
      sha256: checked.sha256,
    });
  }
  await inChunks(answerRows, (json) =>
    m.query(
      `INSERT INTO consultation.answer (token, project, node, attribute, owner, geom, created, updated)
       SELECT r.token, r.project, r.node, r.attribute, r.owner,
              CASE WHEN r.geom IS NULL THEN NULL
                   ELSE public.ST_SetSRID(public.ST_GeomFromGeoJSON(r.geom), 4326) END,
              r.created, r.created
         FROM jsonb_to_recordset($1::jsonb)
           AS r(token uuid, project uuid, node uuid, attribute uuid, owner uuid, geom text, created timestamptz)`,
      [json],
    ),
  );
  await inChunks(fileRows, (json) =>
    m.query(
      `INSERT INTO consultation.answer_file (id, owner, answer, variable, name, mime, bytes, storage_key, sha256,
         created)
       SELECT r.id, r.owner, r.answer, r.variable, r.name, r.mime, r.bytes, r.storage_key, r.sha256, r.created
         FROM jsonb_to_recordset($1::jsonb)
           AS r(id uuid, owner uuid, answer uuid, variable uuid, name text, mime text, bytes integer,
                storage_key text, sha256 text, created timestamptz)`,
      [json],
    ),
  );
  await inChunks(valueRows, (json) =>
    m.query(
      `INSERT INTO consultation.answer_value
         (answer, variable, kind, text_value, number_value, date_value, list_value, location, file, created,
          updated)
       SELECT r.answer, r.variable, r.kind, r.text_value, r.number_value, r.date_value, r.list_value,
              CASE WHEN r.lat IS NULL THEN NULL
                   ELSE public.ST_SetSRID(public.ST_MakePoint(r.lon, r.lat), 4326) END,
              r.file, r.created, r.created
         FROM jsonb_to_recordset($1::jsonb)
           AS r(answer uuid, variable uuid, kind text, text_value text, number_value numeric, date_value date,
                list_value text[], lat double precision, lon double precision, file uuid, created timestamptz)`,
      [json],
    ),
  );
  const roleOf = new Map([...DEMO_PARTICIPANTS, ...DEMO_RESIDENTS].map((p) => [p.uuid, p.enrolments]));
  const questionsOf = new Map<string, QuestionRow[]>();
  const choiceRows: object[] = [];
  const weightRows: object[] = [];
  for (const profile of profiles) {
    const role = roleOf.get(profile.owner)?.[profile.category as 'urban-mobility'];
    if (!role) continue;
    const key = `${profile.category}/${role}`;
    if (!questionsOf.has(key))
      questionsOf.set(
        key,
        await m.query<QuestionRow[]>(
          `SELECT q.category, q.token, q.weight,
                  (SELECT json_agg(json_build_object('id', c.id, 'weight', c.weight) ORDER BY c.sort_order, c.id)
                     FROM consultation.profile_choice c WHERE c.question = q.token) AS choices
             FROM consultation.profile_question q JOIN consultation.category k ON k.token = q.category
            WHERE k.mname = $1 AND q.role = $2 ORDER BY q.sort_order, q.token`,
          [profile.category, role],
        ),
      );
    const questions = questionsOf.get(key)!;
    if (questions.length === 0) continue;
    const chosen = questions.map((q, i) => q.choices[profile.choices[i] ?? 0] ?? q.choices[0]!);
    for (const [i, q] of questions.entries())
      choiceRows.push({
        user_uuid: profile.owner,
        question: q.token,
        category: q.category,
        choice: chosen[i]!.id,
      });
    weightRows.push({
      category: questions[0]!.category,
      user_uuid: profile.owner,
      role,
      weight: profileWeight(questions.map((q, i) => ({ question: q.weight, choice: chosen[i]!.weight }))),
    });
  }
  await inChunks(choiceRows, (json) =>
    m.query(
      `INSERT INTO consultation.profile_answer (user_uuid, question, category, choice)
       SELECT r.user_uuid, r.question, r.category, r.choice
         FROM jsonb_to_recordset($1::jsonb) AS r(user_uuid uuid, question uuid, category uuid, choice integer)`,
      [json],
    ),
  );
  await inChunks(weightRows, (json) =>
    m.query(
      `INSERT INTO consultation.profile_weight (category, user_uuid, role, weight)
       SELECT r.category, r.user_uuid, r.role, r.weight
         FROM jsonb_to_recordset($1::jsonb) AS r(category uuid, user_uuid uuid, role text, weight double precision)`,
      [json],
    ),
  );
  await inChunks(
    reactions.map((r) => ({ item: tokens[r.answer], user_uuid: r.user, reaction: r.reaction })),
    (json) =>
      m.query(
        `INSERT INTO consultation.social_reaction (scope, item, user_uuid, reaction)
         SELECT 'choice', r.item, r.user_uuid, r.reaction
           FROM jsonb_to_recordset($1::jsonb) AS r(item uuid, user_uuid uuid, reaction text)`,
        [json],
      ),
  );
  return {
    answers: answerRows.length,
    values: valueRows.length,
    profiles: weightRows.length,
    reactions: reactions.length,
    files: fileRows.length,
  };
}
