// Imported geometry in EPSG:2100 and EPSG:3857 is reprojected by PostGIS to EPSG:4326, on a real Postgres and on
// the embedded PGlite of the one-process mode alike, and agrees with proj4 (the browser's converter).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createInfra,
  createLogger,
  createServiceApp,
  migrateService,
  type Infra,
  type ServiceConfig,
} from '@agora/common';
import { bootTestService, testIdentity, testIdentityConfig, type TestService } from '@agora/common/testing';
import type { AttributeWire, TopicWire } from '@agora/contracts';
import { CRS_INFO, toWgs84, type CrsCode } from '@agora/contracts/crs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { createConsultationService } from '../index.js';
import { pointsAttribute, seedProject, square, userOf } from '../../test/tree-test-helpers.js';

interface Target {
  app: NestExpressApplication;
  sql(text: string, params?: unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

async function realPostgres(): Promise<Target> {
  const svc: TestService = await bootTestService(createConsultationService({}));
  return { app: svc.app, sql: (t, p) => svc.db.query(t, p), close: () => svc.close() };
}

/** The one-process mode's database: PGlite with PostGIS, no DATABASE_URL. */
async function embedded(): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'agora-structure-'));
  const def = createConsultationService({});
  const infra: Infra = await createInfra({ dataDir, queuePrefix: 'test' });
  const config: ServiceConfig = {
    service: def.name,
    http: { host: '127.0.0.1', port: 0 },
    database: {},
    queue: { prefix: 'test' },
    identity: testIdentityConfig('consultation'),
    dataDir,
    log: { level: 'silent' },
    migrateOnStart: false,
  };
  await migrateService(infra, def.storage);
  const app = await createServiceApp(def, { config, infra, logger: createLogger(def.name, 'silent') });
  const ds = app.get<DataSource>(getDataSourceToken('consultation'));
  return {
    app,
    sql: (t, p) => ds.query(t, p),
    close: async () => {
      await app.close();
      await infra.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every vertex of a ring, converted by proj4 (8 decimals), as [lng, lat]. */
const expected = (ring: number[][], crs: CrsCode) =>
  ring.map(([x, y]) => {
    const p = toWgs84({ x: x!, y: y! }, crs);
    return [p.lng, p.lat];
  });

function expectClose(actual: number[][], wanted: number[][]): void {
  expect(actual).toHaveLength(wanted.length);
  actual.forEach((p, i) => {
    expect(p[0]).toBeCloseTo(wanted[i]![0]!, 7);
    expect(p[1]).toBeCloseTo(wanted[i]![1]!, 7);
  });
}

describe.each([
  ['a real Postgres', realPostgres],
  ['the embedded PGlite', embedded],
])('reprojection on %s', (_name, start) => {
  let target: Target;
  let project: string;
  // Signed per request: an identity lives 60 s, and booting the embedded database can take longer than that.
  const identity = () => testIdentity('consultation', userOf('admin'));
  const post = (url: string, body: object) =>
    request(target.app.getHttpServer()).post(url).set('x-agora-identity', identity()).send(body);

  beforeAll(async () => {
    target = await start();
    project = await seedProject({ query: target.sql }, 'reproject');
  }, 120_000);
  afterAll(() => target?.close());

  it('knows EPSG:2100 and EPSG:3857', async () => {
    expect(
      await target.sql(
        `SELECT srid FROM public.spatial_ref_sys WHERE srid IN (2100, 3857, 4326) ORDER BY srid`,
      ),
    ).toEqual([{ srid: 2100 }, { srid: 3857 }, { srid: 4326 }]);
  });

  it.each<[CrsCode, number[][]]>([
    ['EPSG:2100', square(476_000, 4_206_000, 500)],
    ['EPSG:3857', square(2_641_000, 4_578_000, 500)],
    ['EPSG:4326', square(23.7, 37.9, 0.01)],
  ])('stores a boundary drawn in %s as EPSG:4326', async (crs, ring) => {
    const res = await post('/node', {
      project,
      title: crs,
      mname: crs.replace(':', '-').toLowerCase(),
      has_geometry: true,
      geom_type: 'polygon',
      max_geom: 1,
      geometry_crs: crs,
      boundary: { type: 'Polygon', coordinates: [ring] },
    });
    expect(res.status).toBe(200);
    const topic = res.body as TopicWire;
    expectClose((topic.boundary!.coordinates as number[][][])[0]!, expected(ring, crs));
    const [stored] = (await target.sql(
      `SELECT public.ST_SRID(boundary) AS srid FROM consultation.node WHERE token = $1`,
      [topic.token],
    )) as Array<{ srid: number }>;
    expect(stored!.srid).toBe(4326);
  });

  it('reprojects predefined and context features, honouring a GeoJSON crs member', async () => {
    const topic = (await post('/node', { project, title: 'Features', mname: 'features' })).body as TopicWire;
    const points = [
      [2_641_000, 4_578_000],
      [2_642_000, 4_579_000],
    ];
    const line = [
      [476_000, 4_206_000],
      [477_000, 4_207_000],
    ];
    // predefined points whose GeoJSON crs member says EPSG:3857
    const pointsIn3857 = {
      ...pointsAttribute(topic.token),
      predefined: {
        type: 'FeatureCollection',
        crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } },
        features: points.map((p) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: p },
          properties: null,
        })),
      },
    };
    const res = await post('/attribute', {
      ...pointsIn3857,
      has_context: true,
      context: { type: 'LineString', coordinates: line },
      geometry_crs: 'EPSG:2100',
    });
    // the crs member says 3857 while geometry_crs says 2100: refused, nothing written
    expect(res.status).toBe(400);
    expect(await target.sql(`SELECT 1 FROM consultation.attribute`)).toEqual([]);

    const predefined = await post('/attribute', pointsIn3857);
    expect(predefined.status).toBe(200);
    const a = predefined.body as AttributeWire;
    expectClose(
      a.predefined!.features.map((f) => f.geometry.coordinates as number[]),
      expected(points, 'EPSG:3857'),
    );

    const context = await post('/attribute', {
      node: topic.token,
      name: 'Γραμμή',
      mname: 'line',
      has_context: true,
      context: { type: 'LineString', coordinates: line },
      geometry_crs: 'EPSG:2100',
    });
    expect(context.status).toBe(200);
    expectClose(
      (context.body as AttributeWire).context!.features[0]!.geometry.coordinates as number[][],
      expected(line, 'EPSG:2100'),
    );
  });

  it.each<CrsCode>(['EPSG:2100', 'EPSG:3857', 'EPSG:4326'])(
    'takes features on the edges of the ranges of %s and refuses one a step outside, writing nothing',
    async (crs) => {
      const { x, y, step } = CRS_INFO[crs];
      const topic = (await post('/node', { project, title: `Edges ${crs}`, mname: `edges-${crs.slice(5)}` }))
        .body as TopicWire;
      const corners = [
        [x.min, y.min],
        [x.max, y.min],
        [x.max, y.max],
        [x.min, y.max],
      ];
      const context = (points: number[][]) => ({
        type: 'FeatureCollection',
        features: points.map((p) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: p },
          properties: null,
        })),
      });
      const attributes = async () =>
        (await target.sql(`SELECT 1 FROM consultation.attribute WHERE node = $1`, [topic.token])).length;
      const outside: number[][] = [
        [x.min - step, y.min],
        [x.max + step, y.max],
        [x.min, y.min - step],
        [x.max, y.max + step],
      ];
      for (const point of outside) {
        const res = await post('/attribute', {
          node: topic.token,
          name: 'Έξω',
          mname: 'outside',
          has_context: true,
          geometry_crs: crs,
          context: context([...corners, point]),
        });
        expect(res.status).toBe(400);
        expect(res.body.Error).toMatch(
          new RegExp(`^context: coordinates out of range for ${crs} \\(feature 5\\): `),
        );
      }
      expect(await attributes()).toBe(0);
      const edges = await post('/attribute', {
        node: topic.token,
        name: 'Άκρα',
        mname: 'edges',
        has_context: true,
        geometry_crs: crs,
        context: context(corners),
      });
      expect(edges.status).toBe(200);
      expectClose(
        (edges.body as AttributeWire).context!.features.map((f) => f.geometry.coordinates as number[]),
        expected(corners, crs),
      );
    },
  );
});
