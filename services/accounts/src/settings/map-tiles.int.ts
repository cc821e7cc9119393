import type { SessionUser } from '@agora/contracts';
import { bootTestService, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { accountsService } from '../index.js';

const TILE_URL = 'https://{s}.tiles.example.gov/osm/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; City of Example, OpenStreetMap contributors';

describe('accounts: the map tiles of the deployment (real Postgres)', () => {
  let svc: TestService;
  let server: ReturnType<TestService['app']['getHttpServer']>;
  let admin: SessionUser;

  beforeAll(async () => {
    svc = await bootTestService(
      accountsService({
        AGORA_ADMIN_PASSWORD: 'first-admin-password',
        MAP_TILE_URL: TILE_URL,
        MAP_TILE_ATTRIBUTION: ATTRIBUTION,
      }),
    );
    server = svc.app.getHttpServer();
    const [row] = await svc.db.query<SessionUser>(
      `SELECT uuid, username, firstname, lastname, email, role FROM accounts."user" WHERE username = 'admin'`,
    );
    admin = row!;
  });

  afterAll(async () => {
    await svc?.close();
  });

  const getSettings = () => request(server).get('/settings').set('x-agora-identity', svc.identity(null));
  const postSettings = (body: unknown) =>
    request(server)
      .post('/settings/scope/general')
      .set('x-agora-identity', svc.identity(admin))
      .set('content-type', 'application/json')
      .send(JSON.stringify(body));

  it('serves the configured tile URL and attribution to everyone, beside the stored settings', async () => {
    const res = await getSettings();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      tileUrl: TILE_URL,
      tileAttribution: ATTRIBUTION,
      map: { center: { lat: 40.33, lng: 21.61 }, zoom: 7 },
    });
  });

  it('refuses to store the tiles as settings: they belong to the deployment, not to an administrator', async () => {
    for (const bad of [
      { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' },
      { tileAttribution: 'someone else' },
      { multilingual: false, tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' },
    ]) {
      const res = await postSettings(bad);
      expect([bad, res.status, res.body.Error]).toEqual([bad, 400, 'missing parameters']);
    }
    // nothing of a refused request was written
    const rows = await svc.db.query<{ key: string }>(`SELECT key FROM accounts.setting`);
    expect(rows).toEqual([]);
    // an accepted update keeps the configured tiles
    expect((await postSettings({ multilingual: false })).status).toBe(200);
    expect((await getSettings()).body).toMatchObject({ multilingual: false, tileUrl: TILE_URL });
  });
});
