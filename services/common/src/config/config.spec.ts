import { ConfigError, DEFAULT_PORTS, loadDatabaseTimeouts, loadServiceConfig } from './config.js';

const SECRET = 'a-shared-identity-secret-of-32-chars!';

describe('loadServiceConfig', () => {
  it('gives each service its defaults with only the identity secret set', () => {
    expect(loadServiceConfig('library', { AGORA_IDENTITY_SECRET: SECRET })).toEqual({
      service: 'library',
      http: { host: '127.0.0.1', port: DEFAULT_PORTS.library },
      database: {
        url: undefined,
        timeouts: { statementTimeoutMs: 30_000, idleInTransactionTimeoutMs: 60_000 },
      },
      queue: { redisUrl: undefined, prefix: 'agora' },
      identity: { secret: SECRET },
      dataDir: 'data',
      log: { level: 'info' },
      migrateOnStart: false,
    });
    expect(loadServiceConfig('mailing', { AGORA_IDENTITY_SECRET: SECRET }).http.port).toBe(3104);
  });

  it('reads every variable, trims URLs and treats empty URLs as unset', () => {
    const config = loadServiceConfig('consultation', {
      AGORA_IDENTITY_SECRET: SECRET,
      HOST: '0.0.0.0',
      PORT: '0',
      DATABASE_URL: ' postgres://agora:pw@db:5432/agora ',
      REDIS_URL: '',
      QUEUE_PREFIX: 'site-2',
      AGORA_DATA_DIR: '/var/lib/agora',
      LOG_LEVEL: 'silent',
      MIGRATE_ON_START: 'true',
      DATABASE_STATEMENT_TIMEOUT_MS: '120000',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '0',
    });
    expect(config).toMatchObject({
      http: { host: '0.0.0.0', port: 0 },
      database: {
        url: 'postgres://agora:pw@db:5432/agora',
        timeouts: { statementTimeoutMs: 120_000, idleInTransactionTimeoutMs: 0 },
      },
      queue: { redisUrl: undefined, prefix: 'site-2' },
      dataDir: '/var/lib/agora',
      log: { level: 'silent' },
      migrateOnStart: true,
    });
  });

  it.each([
    [{}, 'AGORA_IDENTITY_SECRET'],
    [{ AGORA_IDENTITY_SECRET: 'short' }, 'AGORA_IDENTITY_SECRET must be at least 32 characters'],
    [{ AGORA_IDENTITY_SECRET: SECRET.slice(0, 31) }, 'AGORA_IDENTITY_SECRET must be at least 32 characters'],
    [{ AGORA_IDENTITY_SECRET: SECRET, DATABASE_URL: 'not a url' }, 'DATABASE_URL: must be a URL'],
    [
      { AGORA_IDENTITY_SECRET: SECRET, DATABASE_URL: 'db.example.org:5432/agora' },
      'DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
    ],
    [
      { AGORA_IDENTITY_SECRET: SECRET, DATABASE_URL: 'mysql://db.example.org/agora' },
      'DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
    ],
    [
      { AGORA_IDENTITY_SECRET: SECRET, REDIS_URL: 'localhost:6379' },
      'REDIS_URL: must be a URL starting with redis:// or rediss://',
    ],
    [{ AGORA_IDENTITY_SECRET: SECRET, LOG_LEVEL: 'verbose' }, 'LOG_LEVEL:'],
    [
      { AGORA_IDENTITY_SECRET: SECRET, DATABASE_STATEMENT_TIMEOUT_MS: '50' },
      'DATABASE_STATEMENT_TIMEOUT_MS: must be 0',
    ],
    [
      { AGORA_IDENTITY_SECRET: SECRET, DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 'soon' },
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS:',
    ],
    [{ AGORA_IDENTITY_SECRET: SECRET, PORT: '70000' }, 'PORT:'],
    [{ AGORA_IDENTITY_SECRET: SECRET, PORT: 'eighty' }, 'PORT:'],
    [{ AGORA_IDENTITY_SECRET: SECRET, QUEUE_PREFIX: 'a:b' }, 'QUEUE_PREFIX:'],
    [{ AGORA_IDENTITY_SECRET: SECRET, MIGRATE_ON_START: 'yes' }, 'MIGRATE_ON_START:'],
  ])('stops with a ConfigError naming the variable (%j)', (env, message) => {
    const load = () => loadServiceConfig('accounts', env);
    expect(load).toThrow(ConfigError);
    expect(load).toThrow('invalid configuration for accounts');
    expect(load).toThrow(message);
  });

  it('accepts the PostgreSQL and Redis URL forms, with TLS', () => {
    const config = loadServiceConfig('accounts', {
      AGORA_IDENTITY_SECRET: SECRET,
      DATABASE_URL: 'postgresql://agora@db/agora?sslmode=require',
      REDIS_URL: 'rediss://:pw@cache.example.org:6380/2',
    });
    expect(config.database.url).toBe('postgresql://agora@db/agora?sslmode=require');
    expect(config.queue.redisUrl).toBe('rediss://:pw@cache.example.org:6380/2');
  });

  it('accepts a secret of exactly 32 characters', () => {
    expect(
      loadServiceConfig('accounts', { AGORA_IDENTITY_SECRET: 'x'.repeat(32) }).identity.secret,
    ).toHaveLength(32);
  });

  it('lists every problem at once, one per line', () => {
    let error: unknown;
    try {
      loadServiceConfig('library', { LOG_LEVEL: 'loud', DATABASE_URL: 'nope' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as Error).message.split('\n');
    expect(lines[0]).toBe('invalid configuration for library:');
    expect(lines.slice(1).map((l) => l.trim().split(':')[0])).toEqual(
      expect.arrayContaining(['- AGORA_IDENTITY_SECRET', '- LOG_LEVEL', '- DATABASE_URL']),
    );
    expect(lines).toHaveLength(4);
  });
});

describe('loadDatabaseTimeouts', () => {
  it('gives the defaults, reads both variables and refuses a bad value', () => {
    expect(loadDatabaseTimeouts({})).toEqual({
      statementTimeoutMs: 30_000,
      idleInTransactionTimeoutMs: 60_000,
    });
    expect(
      loadDatabaseTimeouts({
        DATABASE_STATEMENT_TIMEOUT_MS: '0',
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '5000',
      }),
    ).toEqual({ statementTimeoutMs: 0, idleInTransactionTimeoutMs: 5000 });
    expect(() => loadDatabaseTimeouts({ DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '-1' })).toThrow(
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: must be 0',
    );
  });
});
