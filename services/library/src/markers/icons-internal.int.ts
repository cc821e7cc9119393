import { IDENTITY_HEADER } from '@agora/contracts';
import { signUserIdentity } from '@agora/identity';
import { TEST_KEYS, testIdentity, type TestService } from '@agora/common/testing';
import request from 'supertest';
import {
  filesUnder,
  libraryTestFolder,
  testUser,
  type LibraryTestFolder,
} from '../../test/library-test-bed.js';
import { makeImage } from '@agora/common/uploads/fixtures';

describe('internal icon uploads', () => {
  let folder: LibraryTestFolder;
  let svc: TestService;
  let dir: string;

  beforeAll(async () => {
    folder = await libraryTestFolder('agora-library-icons-');
    ({ svc, root: dir } = await folder.boot('icons'));
  });
  afterAll(() => folder?.close());

  const http = () => request(svc.app.getHttpServer());
  const system = () => svc.identity(null, { sys: 'consultation' });
  const upload = (data: Buffer, filename: string, identity = system()) =>
    http().post('/internal/library/icons').set(IDENTITY_HEADER, identity).attach('file', data, { filename });

  it('stores a PNG by its content, serves it, and removes it again', async () => {
    const png = await makeImage('png', 64, 64);
    const res = await upload(png, 'Παγκάκι Park.png');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      url: expect.stringMatching(/^\/api\/library\/files\/icons\/park-[0-9a-f]{8}\.png$/),
    });
    const served = await http()
      .get(res.body.url.replace('/api', ''))
      .set(IDENTITY_HEADER, svc.identity(null));
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/png/);

    const name = (res.body.url as string).split('/').pop()!;
    expect(await filesUnder(dir)).toContain(`icons/${name}`);
    const removed = await http().delete(`/internal/library/icons/${name}`).set(IDENTITY_HEADER, system());
    expect(removed.status).toBe(200);
    expect(await filesUnder(dir)).not.toContain(`icons/${name}`);
  });

  it('stores a clean SVG sanitised and refuses a hostile one, storing nothing', async () => {
    const clean = await upload(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>',
      ),
      'pin.svg',
    );
    expect(clean.status).toBe(200);
    expect(clean.body.url).toMatch(/\/icons\/pin-[0-9a-f]{8}\.svg$/);

    const before = await filesUnder(dir);
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    ]) {
      const res = await upload(Buffer.from(svg), 'icon.svg');
      expect(res.status).toBe(415);
      expect(res.body).toEqual(
        expect.objectContaining({ Error: expect.stringMatching(/^the SVG contains /) }),
      );
    }
    expect(await filesUnder(dir)).toEqual(before);
  });

  it('refuses text renamed as an image, a GIF and a file above 1 MB', async () => {
    const before = await filesUnder(dir);
    const text = await upload(Buffer.from('just some notes, not an image'), 'notes.png');
    expect(text.status).toBe(415);
    expect(text.body.Error).toBe('the icon must be an SVG, PNG, JPEG or WebP image');
    const html = await upload(Buffer.from('<html><body>hi</body></html>'), 'page.svg');
    expect(html.status).toBe(415);
    expect(html.body.Error).toBe('the icon must be an SVG, PNG, JPEG or WebP image');
    expect((await upload(await makeImage('gif', 16, 16), 'a.gif')).status).toBe(415);
    const big = await upload(Buffer.alloc(1024 * 1024 + 10, 1), 'big.png');
    expect(big.status).toBe(413);
    expect(big.body.Error).toBe('the file is larger than 1 MB');
    expect(await filesUnder(dir)).toEqual(before);
  });

  it("is for consultation's calls only and checks the name of an icon to remove", async () => {
    const png = await makeImage('png', 8, 8);
    for (const who of [null, testUser('admin')])
      expect((await upload(png, 'x.png', svc.identity(who))).status).toBe(403);
    // Other callers' service identities: the route is not meant for them.
    for (const sys of ['gateway', 'accounts', 'mailing'] as const)
      expect((await upload(png, 'x.png', svc.identity(null, { sys }))).status).toBe(403);
    // Consultation's identity for another service, and a user identity signed with consultation's key.
    expect((await upload(png, 'x.png', testIdentity('accounts', null, { sys: 'consultation' }))).status).toBe(
      401,
    );
    const forged = signUserIdentity(TEST_KEYS.consultation.privateKey, 'library', {
      user: testUser('admin'),
      sid: null,
    });
    expect((await upload(png, 'x.png', forged)).status).toBe(401);
    // And consultation's identity on a user route.
    const list = await http().get('/library').set(IDENTITY_HEADER, system());
    expect(list.status).toBe(403);
    const bad = await http().delete('/internal/library/icons/..%2Fsecret.png').set(IDENTITY_HEADER, system());
    expect(bad.status).toBe(400);
    const anon = await http()
      .delete('/internal/library/icons/pin-0011aabb.svg')
      .set(IDENTITY_HEADER, svc.identity(null));
    expect(anon.status).toBe(403);
  });
});
