import { Controller, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, MulterModule, type NestExpressApplication } from '@nestjs/platform-express';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { ErrorFilter } from '../errors/error.filter.js';
import { FormFile, FormFiles, MultipartBody, type FilePart } from './multipart.js';
import { ZodBody } from './zod.js';

const Note = z.strictObject({
  title: z.string().min(1),
  size: z.number().int().optional(),
  visible: z.boolean().optional(),
});
type Note = z.infer<typeof Note>;

const describeFiles = (files: readonly FilePart[]) =>
  files.map((f) => ({
    field: f.fieldname,
    name: f.originalname,
    size: f.size,
    onDisk: f.path !== undefined,
  }));

@Controller()
class FormsController {
  @Post('note')
  @HttpCode(200)
  @MultipartBody({ fields: 3 })
  note(@ZodBody(Note) body: Note): Note {
    return body;
  }

  @Post('linked')
  @HttpCode(200)
  @MultipartBody({ refusal: 'files are not accepted here: send a link' })
  linked(@ZodBody(Note) body: Note): Note {
    return body;
  }

  @Post('upload')
  @HttpCode(200)
  @MultipartBody({
    files: [
      { name: 'resource', maxBytes: 100 },
      { name: (field) => /^icons_[0-9]+$/.test(field), maxCount: 2, maxBytes: 50, types: ['image/png'] },
      {
        name: 'doc',
        maxBytes: 100,
        check: (file) =>
          file.originalname.endsWith('.pdf')
            ? undefined
            : new AppError('LIBRARY.NOT_A_DOCUMENT', 415, 'not a pdf'),
      },
    ],
  })
  upload(
    @ZodBody(Note) body: Note,
    @FormFile('resource') resource: FilePart | undefined,
    @FormFiles() files: FilePart[],
  ): unknown {
    return { body, resource: resource?.buffer?.toString() ?? null, files: describeFiles(files) };
  }

  @Post('library')
  @HttpCode(200)
  @MultipartBody({
    files: [{ name: 'resource', maxBytes: 100 }],
    tooLarge: (_field, max) => new AppError('LIBRARY.TOO_LARGE', 413, `larger than ${max} bytes`),
  })
  library(@FormFile('resource') resource: FilePart | undefined): unknown {
    return { size: resource?.size ?? null };
  }
}

@Controller()
class DiskController {
  @Post('archive')
  @HttpCode(200)
  @MultipartBody({ files: [{ name: 'archive' }], fields: 2 })
  archive(@FormFile('archive') archive: FilePart | undefined): unknown {
    return { onDisk: archive?.path !== undefined, size: archive?.size ?? null };
  }
}

const dest = await mkdtemp(join(tmpdir(), 'multipart-spec-'));

@Module({ controllers: [FormsController] })
class FormsModule {}

@Module({
  imports: [MulterModule.register({ dest, limits: { fileSize: 10 } })],
  controllers: [DiskController],
})
class DiskModule {}

@Module({ imports: [FormsModule, DiskModule] })
class AppModule {}

describe('MultipartBody: one parser for every form', () => {
  let app: NestExpressApplication;
  let base: string;

  beforeAll(async () => {
    app = await NestFactory.create<NestExpressApplication>(AppModule, new ExpressAdapter(), {
      logger: false,
      bodyParser: false,
    });
    app.useBodyParser('json', { limit: '10kb' });
    app.useGlobalFilters(new ErrorFilter(pino({ level: 'silent' })));
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await rm(dest, { recursive: true, force: true });
  });

  type Part = string | { data: string; name: string; type?: string };
  const send = async (path: string, parts: Record<string, Part | Part[]>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(parts))
      for (const part of Array.isArray(value) ? value : [value]) {
        if (typeof part === 'string') form.append(key, part);
        else
          form.append(
            key,
            new Blob([part.data], { type: part.type ?? 'application/octet-stream' }),
            part.name,
          );
      }
    const res = await fetch(`${base}${path}`, { method: 'POST', body: form });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const raw = async (path: string, body: string, type: string) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': type }, body });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it('lets a JSON body through to the schema', async () => {
    expect(await raw('/note', JSON.stringify({ title: 'a', size: 2 }), 'application/json')).toEqual({
      status: 200,
      body: { title: 'a', size: 2 },
    });
    expect((await raw('/note', JSON.stringify({ size: 2 }), 'application/json')).body).toMatchObject({
      code: 'REQUEST.INVALID',
      field: 'title',
    });
  });

  it('reads the text fields into the schema types, and the schema refuses what it refuses', async () => {
    expect(await send('/note', { title: 'a', size: '3', visible: 'true' })).toEqual({
      status: 200,
      body: { title: 'a', size: 3, visible: true },
    });
    expect(await send('/note', { title: 'a', size: 'three' })).toMatchObject({
      status: 400,
      body: { code: 'REQUEST.INVALID', field: 'size', rule: 'type' },
    });
  });

  it('refuses a file where none is accepted with 400 REQUEST.FILE, in its own words when given', async () => {
    expect(await send('/note', { title: 'a', resource: { data: 'x', name: 'a.txt' } })).toEqual({
      status: 400,
      body: { Error: 'files are not accepted here', code: 'REQUEST.FILE' },
    });
    expect(await send('/linked', { title: 'a', icon: { data: 'x', name: 'a.svg' } })).toEqual({
      status: 400,
      body: { Error: 'files are not accepted here: send a link', code: 'REQUEST.FILE' },
    });
  });

  it('refuses a broken form or too many fields with 400 REQUEST.FORM', async () => {
    const broken = await raw(
      '/note',
      '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nT',
      'multipart/form-data; boundary=xyz',
    );
    expect(broken).toMatchObject({ status: 400, body: { code: 'REQUEST.FORM' } });
    expect(await send('/note', { title: 'a', size: '1', visible: 'true', extra: 'x' })).toMatchObject({
      status: 400,
      body: { code: 'REQUEST.FORM' },
    });
  });

  it('takes the declared files, in memory, beside the text fields', async () => {
    const png = { data: 'png', name: 'a.png', type: 'image/png' };
    expect(
      await send('/upload', {
        title: 'a',
        resource: { data: 'hello', name: 'r.bin' },
        icons_0: png,
        icons_3: png,
        doc: { data: '%PDF', name: 'd.pdf' },
      }),
    ).toEqual({
      status: 200,
      body: {
        body: { title: 'a' },
        resource: 'hello',
        files: [
          { field: 'resource', name: 'r.bin', size: 5, onDisk: false },
          { field: 'icons_0', name: 'a.png', size: 3, onDisk: false },
          { field: 'icons_3', name: 'a.png', size: 3, onDisk: false },
          { field: 'doc', name: 'd.pdf', size: 4, onDisk: false },
        ],
      },
    });
  });

  it('refuses an undeclared part, too many files, a type or a check, naming the part', async () => {
    const png = { data: 'png', name: 'a.png', type: 'image/png' };
    expect(await send('/upload', { title: 'a', other: { data: 'x', name: 'x' } })).toEqual({
      status: 400,
      body: { Error: 'other: files are not accepted here', code: 'REQUEST.FILE', field: 'other' },
    });
    expect(await send('/upload', { title: 'a', resource: [png, png] })).toEqual({
      status: 400,
      body: { Error: 'resource: too many files', code: 'REQUEST.FILE', field: 'resource' },
    });
    expect(await send('/upload', { title: 'a', icons_0: png, icons_1: png, icons_2: png })).toMatchObject({
      status: 400,
      body: { code: 'REQUEST.FILE', field: 'icons_2' },
    });
    expect(
      await send('/upload', { title: 'a', icons_0: { data: 'x', name: 'a.gif', type: 'image/gif' } }),
    ).toEqual({
      status: 415,
      body: { Error: 'icons_0: the file must be one of image/png', code: 'REQUEST.FILE', field: 'icons_0' },
    });
    expect(await send('/upload', { title: 'a', doc: { data: 'x', name: 'd.doc' } })).toEqual({
      status: 415,
      body: { Error: 'not a pdf', code: 'LIBRARY.NOT_A_DOCUMENT' },
    });
  });

  it('answers 413 for a file above the size of its part', async () => {
    expect(await send('/upload', { title: 'a', resource: { data: 'x'.repeat(101), name: 'r' } })).toEqual({
      status: 413,
      body: {
        Error: `resource: the file is larger than ${100 / 1024 / 1024} MB`,
        code: 'REQUEST.TOO_LARGE',
        field: 'resource',
      },
    });
    // within the form's largest size, above its part's own
    const icon = { data: 'x'.repeat(60), name: 'a.png', type: 'image/png' };
    expect(await send('/upload', { title: 'a', icons_1: icon })).toMatchObject({
      status: 413,
      body: { code: 'REQUEST.TOO_LARGE', field: 'icons_1' },
    });
    expect(await send('/library', { resource: { data: 'x'.repeat(101), name: 'r' } })).toEqual({
      status: 413,
      body: { Error: 'larger than 100 bytes', code: 'LIBRARY.TOO_LARGE' },
    });
  });

  it("writes to the module's dest with its size limit, and leaves nothing behind a refusal", async () => {
    expect(await send('/archive', { archive: { data: 'tiny', name: 'a.tgz' } })).toEqual({
      status: 200,
      body: { onDisk: true, size: 4 },
    });
    const stored = await readdir(dest);
    expect(stored).toHaveLength(1);
    expect(await send('/archive', { archive: { data: 'x'.repeat(11), name: 'a.tgz' } })).toMatchObject({
      status: 413,
      body: { code: 'REQUEST.TOO_LARGE', field: 'archive' },
    });
    expect(await readdir(dest)).toEqual(stored);
  });
});
