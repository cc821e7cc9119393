import { loadOAuthConfig } from './oauth.config.js';
import { namesOf, profileFromClaims, safeReferrer, usernameBase, usernameCandidate } from './oauth.util.js';

const PUBLIC = 'https://agora.example.gr';

describe('safeReferrer', () => {
  it('keeps same-site paths, and absolute URLs on the public origin as paths', () => {
    expect(safeReferrer('/participate/3?tab=map#x', PUBLIC)).toBe('/participate/3?tab=map#x');
    expect(safeReferrer('/', PUBLIC)).toBe('/');
    expect(safeReferrer(`${PUBLIC}/profile?a=1`, PUBLIC)).toBe('/profile?a=1');
  });

  it('drops anything that could leave the site or loop into the API', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'profile',
      `${PUBLIC}.evil.example/`,
      'https://agora.example.gr:444/x',
      '/api/oauth',
      '/\nSet-Cookie: x',
      '',
      undefined,
      ['/a', '/b'],
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeReferrer(bad, PUBLIC)).toBeNull();
    }
  });
});

describe('usernames and names from claims', () => {
  it('derives a username from preferred_username, else the e-mail, else the name, else "user"', () => {
    expect(usernameBase({ preferredUsername: 'Alice.L', email: 'x@y.z', name: null })).toBe('alice.l');
    expect(usernameBase({ preferredUsername: null, email: 'José.Pérez@example.org', name: null })).toBe(
      'jose.perez',
    );
    expect(usernameBase({ preferredUsername: 'Ελένη', email: null, name: 'Maria Papadopoulou' })).toBe(
      'maria.papadopoulou',
    );
    expect(usernameBase({ preferredUsername: 'Ελένη', email: null, name: null })).toBe('user');
    expect(usernameBase({ preferredUsername: 'a'.repeat(40), email: null, name: null })).toHaveLength(24);
  });

  it('numbers the alternatives and keeps them within the length limit', () => {
    expect(usernameCandidate('alice', 1)).toBe('alice');
    expect(usernameCandidate('alice', 2)).toBe('alice2');
    expect(usernameCandidate('a'.repeat(24), 12)).toBe(`${'a'.repeat(22)}12`);
  });

  it('takes given/family names, or splits the full name', () => {
    const p = profileFromClaims({ sub: '1', name: 'Maria de la Cruz' });
    expect(namesOf(p, 'u')).toEqual({ firstname: 'Maria', lastname: 'de la Cruz' });
    expect(namesOf(profileFromClaims({ sub: '1', given_name: 'A', family_name: 'B' }), 'u')).toEqual({
      firstname: 'A',
      lastname: 'B',
    });
    expect(namesOf(profileFromClaims({ sub: '1' }), 'u')).toEqual({ firstname: 'u', lastname: '' });
  });

  it('needs a subject and ignores an e-mail that is not one', () => {
    expect(() => profileFromClaims({ email: 'a@b.c' })).toThrow(/subject/);
    expect(profileFromClaims({ sub: 's', email: 'not-an-email' }).email).toBeNull();
  });

  it('reads whether the provider verified the e-mail, as a boolean or its text, else not known', () => {
    const verified = (v: unknown) => profileFromClaims({ sub: 's', email_verified: v }).emailVerified;
    expect([true, 'true', false, 'false', undefined, 'yes', 1].map(verified)).toEqual([
      true,
      true,
      false,
      false,
      null,
      null,
      null,
    ]);
  });
});

describe('loadOAuthConfig', () => {
  it('enables no provider by default and builds the callback base from PUBLIC_URL', () => {
    const c = loadOAuthConfig({});
    expect(c).toEqual({ publicUrl: 'http://localhost:8080', openTitle: null, providers: {} });
    expect(loadOAuthConfig({ PUBLIC_URL: 'https://a.gr/' }).publicUrl).toBe('https://a.gr');
  });

  it('enables each provider when all of its settings are there', () => {
    const c = loadOAuthConfig({
      OIDC_ISSUER: 'https://id.example.gr',
      OIDC_CLIENT_ID: 'agora',
      OIDC_CLIENT_SECRET: 's',
      OIDC_TITLE: 'Σύνδεση δήμου',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      FACEBOOK_CLIENT_ID: 'f',
      FACEBOOK_CLIENT_SECRET: 'fs',
    });
    expect(c.openTitle).toBe('Σύνδεση δήμου');
    expect(c.providers.open).toMatchObject({ issuer: 'https://id.example.gr', insecure: false });
    expect(c.providers.google).toMatchObject({ issuer: 'https://accounts.google.com', clientId: 'g' });
    expect(c.providers.facebook).toMatchObject({
      dialogUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
      tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
      meUrl: 'https://graph.facebook.com/v19.0/me',
    });
  });

  it('refuses half a provider and a plain-HTTP issuer that is not on a loopback host', () => {
    expect(() => loadOAuthConfig({ GOOGLE_CLIENT_ID: 'g' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() =>
      loadOAuthConfig({ OIDC_ISSUER: 'http://id.example.gr', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }),
    ).toThrow(/OIDC_ISSUER must be https/);
    expect(
      loadOAuthConfig({ OIDC_ISSUER: 'http://127.0.0.1:9000', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })
        .providers.open?.insecure,
    ).toBe(true);
  });
});
