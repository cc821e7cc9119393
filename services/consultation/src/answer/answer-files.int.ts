import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { jest } from '@jest/globals';
import { PRIVATE_FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import {
  bootTestService,
  startTestS3Server,
  type TestS3Server,
  type TestService,
} from '@agora/common/testing';
import { makeImage, makePdf } from '@agora/common/uploads/fixtures';
import type { SessionUser } from '@agora/contracts';
import { createConsultationService } from '../index.js';
import { AnswerFileStore } from './answer-files.js';
import { as, buildWorld, personOf, rows, type World } from '../../test/answer-test-helpers.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Answer files in the file store, the same on a local folder and on an S3-compatible server started here. */
describe.each(['a local folder', 'an S3-compatible store'])('answer files in %s', (kind) => {
  let dir: string;
  let s3: TestS3Server | undefined;
  let svc: TestService;
  let w: World;
  let store: FileStorage;
  const tmpdir = process.env.TMPDIR;
  /** The uploads spooled and not removed (the service's temporary folder is this test's own). */
  const spooled = () => readdir(path.join(dir, 'tmp'));

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'agora-answer-files-'));
    await mkdir(path.join(dir, 'tmp'));
    process.env.TMPDIR = path.join(dir, 'tmp');
    s3 = kind === 'a local folder' ? undefined : await startTestS3Server('answers');
    const env = s3 ? s3.env : { STORAGE_DIR: path.join(dir, 'files') };
    svc = await bootTestService(createConsultationService(env));
    w = await buildWorld(svc);
    store = svc.app.get<FileStorage>(PRIVATE_FILE_STORAGE);
  });
  afterAll(async () => {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
    await svc?.close();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function freshChoice() {
    const who = personOf('normal', w.category);
    const res = await as(svc, who).post('/data/scope/attribute', { attribute: w.comments });
    expect(res.status).toBe(201);
    return { who, choice: res.body.token as string };
  }

  const upload = (who: SessionUser, choice: string, kind: 'photo' | 'document', data: Buffer, name: string) =>
    as(svc, who)
      .req('post', '/data/scope/variable')
      .field('choice', choice)
      .field('variable', w.survey)
      .field('values[0][variable_type]', 'radio')
      .field('values[0][value]', 'yes')
      .field('values[1][variable_type]', kind)
      .attach('resource_1', data, name);

  const fileRow = async (id: string) =>
    (
      await svc.db.query<{ storage_key: string; sha256: string; bytes: number; has_content: boolean }>(
        `SELECT storage_key, sha256, bytes, content IS NOT NULL AS has_content FROM consultation.answer_file
         WHERE id = $1`,
        [id],
      )
    )[0];

  it('keeps an uploaded document in the store with its SHA-256, and serves it back from there', async () => {
    const { who, choice } = await freshChoice();
    const pdf = Buffer.concat([makePdf(), Buffer.alloc(900 * 1024, 0x20)]);
    const res = await upload(who, choice, 'document', pdf, 'σχέδιο.pdf');
    expect(res.status).toBe(201);
    const id = res.body.values.find((v: { variable_type: string }) => v.variable_type === 'document').file.id;
    expect(await fileRow(id)).toEqual({
      storage_key: `answers/${id}`,
      sha256: sha256(pdf),
      bytes: pdf.length,
      has_content: false,
    });
    expect(await buffer((await store.get(`answers/${id}`))!.stream)).toEqual(pdf);
    const served = await as(svc, who).get(`/data/scope/file/${id}`).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-length']).toBe(String(pdf.length));
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(sha256(served.body as Buffer)).toBe(sha256(pdf));
    expect(await spooled()).toEqual([]);
  });

  it('keeps the photo without its metadata, and replaces or removes its object with the value', async () => {
    const { who, choice } = await freshChoice();
    const photo = await makeImage('jpeg', 64, 48, { exif: true });
    const first = await upload(who, choice, 'photo', photo, 'φωτό.jpg');
    expect(first.status).toBe(201);
    const firstId = first.body.values.find((v: { variable_type: string }) => v.variable_type === 'photo').file
      .id;
    const kept = await buffer((await store.get(`answers/${firstId}`))!.stream);
    expect(kept.includes(Buffer.from('secret-owner'))).toBe(false);
    expect((await fileRow(firstId))!.sha256).toBe(sha256(kept));

    const url = `/data/scope/variable/choice/${choice}/variable/${w.survey}`;
    const replaced = await as(svc, who)
      .req('put', url)
      .field('values[0][variable_type]', 'photo')
      .attach('resource_0', await makeImage('png', 20, 20), 'β.png');
    expect(replaced.status).toBe(200);
    const secondId = replaced.body.values.find((v: { variable_type: string }) => v.variable_type === 'photo')
      .file.id;
    expect(await store.exists(`answers/${firstId}`)).toBe(false);
    expect(await store.exists(`answers/${secondId}`)).toBe(true);

    const removed = await as(svc, who).put(url, { values: [{ variable_type: 'photo', value: '' }] });
    expect(removed.status).toBe(200);
    expect(await store.exists(`answers/${secondId}`)).toBe(false);
    expect(await rows(svc, 'answer_file_removed')).toBe(0);
  });

  it('leaves nothing in the store, the database or the temporary folder for a refused file', async () => {
    const { who, choice } = await freshChoice();
    const before = (await store.list('answers/')).length;
    const notPdf = await upload(who, choice, 'document', Buffer.from('<!doctype html><p>x</p>'), 'x.pdf');
    expect(notPdf.status).toBe(415);
    const tooLarge = await upload(
      who,
      choice,
      'document',
      Buffer.concat([makePdf(), Buffer.alloc(6e6)]),
      'x.pdf',
    );
    expect(tooLarge.status).toBe(413);
    // above the form's own limit: multer stops reading and removes the part
    const huge = await upload(who, choice, 'document', Buffer.alloc(101 * 1024 * 1024, 0x25), 'x.pdf');
    expect(huge.status).toBe(413);
    expect(await rows(svc, 'answer_file', 'answer = $1', [choice])).toBe(0);
    expect((await store.list('answers/')).length).toBe(before);
    expect(await spooled()).toEqual([]);
  });

  it('deletes the objects of files whose rows go with their answer, or with their project', async () => {
    const { who, choice } = await freshChoice();
    const res = await upload(who, choice, 'document', makePdf(), 'σχέδιο.pdf');
    const id = res.body.values.find((v: { variable_type: string }) => v.variable_type === 'document').file.id;
    expect((await as(svc, who).delete(`/data/scope/attribute/choice/${choice}`)).status).toBe(200);
    expect(await store.exists(`answers/${id}`)).toBe(false);

    // a cascade from elsewhere (here, by hand) leaves the key to the next sweep
    const again = await freshChoice();
    const other = await upload(again.who, again.choice, 'document', makePdf(), 'άλλο.pdf');
    const otherId = other.body.values.find((v: { variable_type: string }) => v.variable_type === 'document')
      .file.id;
    await svc.db.query(`DELETE FROM consultation.answer WHERE token = $1`, [again.choice]);
    expect(await rows(svc, 'answer_file_removed')).toBe(1);
    await svc.app.get(AnswerFileStore).sweep();
    expect(await store.exists(`answers/${otherId}`)).toBe(false);
    expect(await rows(svc, 'answer_file_removed')).toBe(0);
  });

  it('moves the files kept in PostgreSQL to the store: verified, resumable, served by the same rules', async () => {
    const { who, choice } = await freshChoice();
    const contents = [
      makePdf(),
      Buffer.concat([makePdf(), Buffer.alloc(2.5 * 1024 * 1024, 0x41)]),
      Buffer.concat([makePdf(), Buffer.alloc(10, 1)]),
    ];
    const ids: string[] = [];
    for (const [i, content] of contents.entries()) {
      const [row] = await svc.db.query<{ id: string }>(
        `INSERT INTO consultation.answer_file (owner, answer, variable, name, mime, bytes, content)
         VALUES ($1, $2, $3, $4, 'application/pdf', $5, $6) RETURNING id`,
        [who.uuid, choice, w.survey, `παλιό-${i}.pdf`, content.length, content],
      );
      ids.push(row!.id);
    }
    const served = async (id: string) => {
      const [mine, others] = await Promise.all([
        as(svc, who).get(`/data/scope/file/${id}`).buffer(true),
        as(svc, w.people.other).get(`/data/scope/file/${id}`),
      ]);
      return { status: mine.status, sha256: sha256(mine.body as Buffer), others: others.status };
    };
    const expected = (i: number) => ({ status: 200, sha256: sha256(contents[i]!), others: 403 });
    for (const [i, id] of ids.entries()) expect(await served(id)).toEqual(expected(i));

    const files = svc.app.get(AnswerFileStore);
    // one at a time: a stopped move goes on where it stopped
    expect(await files.moveToStore(1)).toBe(1);
    expect(await fileRow(ids[0]!)).toEqual({
      storage_key: `answers/${ids[0]}`,
      sha256: sha256(contents[0]!),
      bytes: contents[0]!.length,
      has_content: false,
    });
    expect((await fileRow(ids[1]!))!.has_content).toBe(true);
    // an object that does not read back as the bytes: the row keeps its bytes, the object goes, the move stops
    const get = jest
      .spyOn(store, 'get')
      .mockResolvedValueOnce({ stream: Readable.from([Buffer.from('not the bytes')]), size: 13 });
    await expect(files.moveToStore()).rejects.toThrow(/SHA-256/);
    get.mockRestore();
    expect((await fileRow(ids[1]!))!.has_content).toBe(true);
    expect(await store.exists(`answers/${ids[1]}`)).toBe(false);
    expect(await files.moveToStore()).toBe(2);
    expect(await files.moveToStore()).toBe(0);
    for (const [i, id] of ids.entries()) {
      expect(await fileRow(id)).toMatchObject({ sha256: sha256(contents[i]!), has_content: false });
      expect(sha256(await buffer((await store.get(`answers/${id}`))!.stream))).toBe(sha256(contents[i]!));
      expect(await served(id)).toEqual(expected(i));
    }
  });
});
