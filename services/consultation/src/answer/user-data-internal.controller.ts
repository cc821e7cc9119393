import { Controller, Header, Param, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, Internal, ZodResponse } from '@agora/common';
import { UserDataAnswer } from '@agora/contracts/api';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { AnswerFileStore } from './answer-files.js';
import { AnswerErrors } from './answer.rules.js';

const Uuid = z.uuid();

const iso = (d: Date | string): string => new Date(d).toISOString();

/**
 * Routes for the other services, never routed by the gateway (`/internal/…`): consultation's part of a citizen's
 * archive of their own data (decision 0086), which accounts builds. Every row is read by its owner's uuid; each
 * file's bytes are streamed as they are, one file a call, whatever its size.
 */
@ApiTags('internal')
@Controller()
export class UserDataInternalController {
  constructor(
    @InjectDataSource('consultation') private readonly db: DataSource,
    private readonly files: AnswerFileStore,
  ) {}

  @Internal('GET /internal/users/{uuid}/data')
  @ZodResponse(UserDataAnswer)
  @ApiOperation({
    summary:
      'What consultation holds about a user: answers (GeoJSON, EPSG:4326) with values, consultation-profile ' +
      'answers, likes, forum posts and the list of answer files (system calls only: accounts)',
  })
  async data(@Param('uuid') uuid: string): Promise<UserDataAnswer> {
    if (!Uuid.safeParse(uuid).success) throw AppError.notFound('user not found');
    const answers = await this.db.query<
      Array<{
        token: string;
        geometry: UserDataAnswer['answers']['features'][number]['geometry'];
        project: string;
        topic: string;
        attribute: string;
        created: Date;
        updated: Date;
        values: Array<{
          variable: string;
          kind: string;
          text: string | null;
          number: string | number | null;
          date: string | null;
          list: string[] | null;
          file: string | null;
          location: UserDataAnswer['answers']['features'][number]['geometry'];
        }>;
      }>
    >(
      `SELECT a.token::text AS token, public.ST_AsGeoJSON(a.geom)::jsonb AS geometry,
              p.title AS project, n.title AS topic, t.name AS attribute, a.created, a.updated,
              COALESCE((SELECT jsonb_agg(jsonb_build_object(
                  'variable', v.mname, 'kind', av.kind, 'text', av.text_value, 'number', av.number_value,
                  'date', av.date_value::text, 'list', av.list_value, 'file', f.name,
                  'location', public.ST_AsGeoJSON(av.location)::jsonb) ORDER BY v.sort_order, av.id)
                FROM consultation.answer_value av
                JOIN consultation.variable v ON v.token = av.variable
                LEFT JOIN consultation.answer_file f ON f.id = av.file
               WHERE av.answer = a.token), '[]'::jsonb) AS values
         FROM consultation.answer a
         JOIN consultation.project p ON p.token = a.project
         JOIN consultation.node n ON n.token = a.node
         JOIN consultation.attribute t ON t.token = a.attribute
        WHERE a.owner = $1
        ORDER BY a.created, a.token`,
      [uuid],
    );
    const profile = await this.db.query<
      Array<{ category: string; question: string; choice: string; created: Date }>
    >(
      `SELECT c.title AS category, q.question, ch.content AS choice, pa.created
         FROM consultation.profile_answer pa
         JOIN consultation.category c ON c.token = pa.category
         JOIN consultation.profile_question q ON q.token = pa.question
         JOIN consultation.profile_choice ch ON ch.id = pa.choice
        WHERE pa.user_uuid = $1
        ORDER BY c.title, q.sort_order, q.token`,
      [uuid],
    );
    const likes = await this.db.query<
      Array<{ scope: string; item: string; reaction: string; created: Date }>
    >(
      `SELECT scope, item::text AS item, reaction, created FROM consultation.social_reaction
        WHERE user_uuid = $1 ORDER BY created, scope, item`,
      [uuid],
    );
    const posts = await this.db.query<
      Array<{ id: number; thread: string; text: string; created: Date; updated: Date }>
    >(
      `SELECT tp.id, t.title AS thread, tp.raw AS text, tp.created, tp.updated
         FROM consultation.thread_post tp JOIN consultation.thread t ON t.id = tp.thread
        WHERE tp.author = $1 ORDER BY tp.created, tp.id`,
      [uuid],
    );
    const files = await this.db.query<
      Array<{ id: string; answer: string; variable: string; name: string; mime: string; bytes: number }>
    >(
      `SELECT f.id::text AS id, f.answer::text AS answer, v.mname AS variable, f.name, f.mime, f.bytes
         FROM consultation.answer_file f JOIN consultation.variable v ON v.token = f.variable
        WHERE f.owner = $1 ORDER BY f.created, f.id`,
      [uuid],
    );
    return {
      answers: {
        type: 'FeatureCollection',
        features: answers.map((a) => ({
          type: 'Feature',
          id: a.token,
          geometry: a.geometry,
          properties: {
            project: a.project,
            topic: a.topic,
            attribute: a.attribute,
            created: iso(a.created),
            updated: iso(a.updated),
            values: a.values.map((v) => ({ ...v, number: v.number === null ? null : Number(v.number) })),
          },
        })),
      },
      profile_answers: profile.map((p) => ({ ...p, created: iso(p.created) })),
      likes: likes.map((l) => ({ ...l, created: iso(l.created) })),
      forum_posts: posts.map((p) => ({ ...p, created: iso(p.created), updated: iso(p.updated) })),
      files: files.map((f) => ({ ...f, bytes: Number(f.bytes) })),
    };
  }

  @Internal('GET /internal/users/{uuid}/files/{id}')
  @ApiProduces('application/octet-stream')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary:
      "One of the user's own answer files: its bytes, streamed, with its type and length; 404 for another's or " +
      'none (system calls only: accounts)',
  })
  async file(@Param('uuid') uuid: string, @Param('id') id: string): Promise<StreamableFile> {
    if (!Uuid.safeParse(uuid).success || !Uuid.safeParse(id).success) throw AnswerErrors.fileNotFound();
    const [row] = await this.db.query<
      Array<{ id: string; name: string; mime: string; bytes: number; storage_key: string | null }>
    >(
      `SELECT id::text AS id, name, mime, bytes, storage_key FROM consultation.answer_file
        WHERE id = $1 AND owner = $2`,
      [id, uuid],
    );
    if (!row) throw AnswerErrors.fileNotFound();
    const opened = await this.files.open(row);
    if (!opened) throw AnswerErrors.fileNotFound();
    return new StreamableFile(opened.stream, { type: opened.mime, length: opened.size });
  }
}
