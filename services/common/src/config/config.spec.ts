import { generateKeyPairSync } from 'node:crypto';
import { exportKey } from '@agora/identity';
import {
  checkPublicUrl,
  ConfigError,
  DEFAULT_PORTS,
  isLocalUrl,
  loadDatabaseTimeouts,
  loadServiceConfig,
  publicUrlIssue,
} from './config.js';

const gateway = generateKeyPairSync('ed25519');
const consultation = generateKeyPairSync('ed25519');
const KEYS = { AGORA_GATEWAY_PUBLIC_KEY: exportKey(gateway.publicKey) };
/** The gateway's public key as PEM, the way it is often pasted into an env file: one line with `\n`. */
const PEM_ONE_LINE = gateway.publicKey
  .export({ format: 'pem', type: 'spki' })
  .toString()
  .replace(/\n/g, '\\n');

describe('loadServiceConfig', () => {
  it("gives each service its defaults with only the gateway's public key set", () => {
    expect(loadServiceConfig('library', { ...KEYS })).toEqual({
      service: 'library',
      http: { host: '127.0.0.1', port: DEFAULT_PORTS.library, checkResponses: false },
      database: {
        url: undefined,
        timeouts: { statementTimeoutMs: 30_000, idleInTransactionTimeoutMs: 60_000 },
      },
      queue: { redisUrl: undefined, prefix: 'agora' },
      identity: { keys: { gateway: expect.anything() }, privateKey: undefined },
      dataDir: 'data',
      log: { level: 'info' },
      migrateOnStart: false,
      shutdown: { graceMs: 5000, timeoutMs: 20_000 },
      telemetry: { metrics: undefined, tracing: undefined },
      audit: { retentionDays: 730 },
    });
    expect(loadServiceConfig('mailing', { ...KEYS }).http.port).toBe(3104);
  });

  it('reads the audit log retention in whole days, and refuses none, a fraction or more than a hundred years', () => {
    expect(loadServiceConfig('library', { ...KEYS, AUDIT_RETENTION_DAYS: '90' }).audit).toEqual({
      retentionDays: 90,
    });
    for (const bad of ['0', '1.5', '36501', 'a year']) {
      expect(() => loadServiceConfig('library', { ...KEYS, AUDIT_RETENTION_DAYS: bad })).toThrow(
        /AUDIT_RETENTION_DAYS/,
      );
    }
  });

  it('reads the draining times of a stop, and refuses ones that are not whole milliseconds', () => {
    const env = { ...KEYS, SHUTDOWN_GRACE_MS: '0', SHUTDOWN_TIMEOUT_MS: '45000' };
    expect(loadServiceConfig('library', env).shutdown).toEqual({ graceMs: 0, timeoutMs: 45_000 });
    expect(() => loadServiceConfig('library', { ...KEYS, SHUTDOWN_GRACE_MS: '-1' })).toThrow(
      /SHUTDOWN_GRACE_MS/,
    );
    expect(() => loadServiceConfig('library', { ...KEYS, SHUTDOWN_TIMEOUT_MS: '1.5' })).toThrow(
      /SHUTDOWN_TIMEOUT_MS/,
    );
  });

  it('serves metrics on METRICS_PORT (on HOST unless METRICS_HOST) and traces to the OTLP collector named', () => {
    const config = loadServiceConfig('library', {
      ...KEYS,
      HOST: '0.0.0.0',
      METRICS_PORT: '9464',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/',
    });
    expect(config.telemetry).toEqual({
      metrics: { port: 9464, host: '0.0.0.0' },
      tracing: { endpoint: 'http://collector:4318', sampleRatio: 1 },
    });
    const apart = loadServiceConfig('library', { ...KEYS, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' });
    expect(apart.telemetry?.metrics).toEqual({ port: 9464, host: '10.0.0.5' });
    expect(
      loadServiceConfig('library', { ...KEYS, METRICS_PORT: '', OTEL_EXPORTER_OTLP_ENDPOINT: '' }).telemetry,
    ).toEqual({ metrics: undefined, tracing: undefined });
  });

  it('refuses a metrics port that is the public port, out of range, or a collector that is not http(s)', () => {
    expect(() => loadServiceConfig('library', { ...KEYS, PORT: '3102', METRICS_PORT: '3102' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(() => loadServiceConfig('mailing', { ...KEYS, METRICS_PORT: '3104' })).toThrow(/METRICS_PORT/);
    expect(() => loadServiceConfig('library', { ...KEYS, METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() =>
      loadServiceConfig('library', { ...KEYS, OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://x:4317' }),
    ).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT: must be an http\(s\) URL/);
    expect(() => loadServiceConfig('library', { ...KEYS, OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(
      /OTEL_TRACES_SAMPLER_ARG/,
    );
  });

  it('reads every variable, trims URLs and treats empty URLs as unset', () => {
    const config = loadServiceConfig('consultation', {
      ...KEYS,
      AGORA_CONSULTATION_PRIVATE_KEY: exportKey(consultation.privateKey),
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
    [{}, 'AGORA_GATEWAY_PUBLIC_KEY: is required'],
    [{ AGORA_GATEWAY_PUBLIC_KEY: 'not a key' }, 'AGORA_GATEWAY_PUBLIC_KEY: must be an Ed25519 key'],
    [{ AGORA_GATEWAY_PUBLIC_KEY: 'AAAA' }, 'AGORA_GATEWAY_PUBLIC_KEY: must be an Ed25519 key'],
    [
      { AGORA_GATEWAY_PUBLIC_KEY: exportKey(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey) },
      'AGORA_GATEWAY_PUBLIC_KEY: must be an Ed25519 key in PEM or base64 DER (an ec key, not Ed25519)',
    ],
    [
      { AGORA_GATEWAY_PUBLIC_KEY: exportKey(gateway.privateKey) },
      'AGORA_GATEWAY_PUBLIC_KEY: must be an Ed25519 key',
    ],
    [{ ...KEYS, AGORA_LIBRARY_PUBLIC_KEY: 'nope' }, 'AGORA_LIBRARY_PUBLIC_KEY: must be an Ed25519 key'],
    [{ ...KEYS, DATABASE_URL: 'not a url' }, 'DATABASE_URL: must be a URL'],
    [
      { ...KEYS, DATABASE_URL: 'db.example.org:5432/agora' },
      'DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
    ],
    [
      { ...KEYS, DATABASE_URL: 'mysql://db.example.org/agora' },
      'DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
    ],
    [
      { ...KEYS, REDIS_URL: 'localhost:6379' },
      'REDIS_URL: must be a URL starting with redis:// or rediss://',
    ],
    [{ ...KEYS, LOG_LEVEL: 'verbose' }, 'LOG_LEVEL:'],
    [{ ...KEYS, DATABASE_STATEMENT_TIMEOUT_MS: '50' }, 'DATABASE_STATEMENT_TIMEOUT_MS: must be 0'],
    [
      { ...KEYS, DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 'soon' },
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS:',
    ],
    [{ ...KEYS, PORT: '70000' }, 'PORT:'],
    [{ ...KEYS, PORT: 'eighty' }, 'PORT:'],
    [{ ...KEYS, QUEUE_PREFIX: 'a:b' }, 'QUEUE_PREFIX:'],
    [{ ...KEYS, MIGRATE_ON_START: 'yes' }, 'MIGRATE_ON_START:'],
  ])('stops with a ConfigError naming the variable (%j)', (env, message) => {
    const load = () => loadServiceConfig('accounts', env);
    expect(load).toThrow(ConfigError);
    expect(load).toThrow('invalid configuration for accounts');
    expect(load).toThrow(message);
  });

  it('accepts the PostgreSQL and Redis URL forms, with TLS', () => {
    const config = loadServiceConfig('mailing', {
      ...KEYS,
      DATABASE_URL: 'postgresql://agora@db/agora?sslmode=require',
      REDIS_URL: 'rediss://:pw@cache.example.org:6380/2',
    });
    expect(config.database.url).toBe('postgresql://agora@db/agora?sslmode=require');
    expect(config.queue.redisUrl).toBe('rediss://:pw@cache.example.org:6380/2');
  });

  it('reads keys as base64 DER or PEM (also with escaped line breaks), and the trusted callers', () => {
    const config = loadServiceConfig('library', {
      AGORA_GATEWAY_PUBLIC_KEY: PEM_ONE_LINE,
      AGORA_CONSULTATION_PUBLIC_KEY: exportKey(consultation.publicKey),
    });
    expect(config.identity.keys.gateway?.equals(gateway.publicKey)).toBe(true);
    expect(config.identity.keys.consultation?.equals(consultation.publicKey)).toBe(true);
    expect(Object.keys(config.identity.keys).sort()).toEqual(['consultation', 'gateway']);
    expect(config.identity.privateKey).toBeUndefined();
  });

  it('requires the private key of accounts, which calls consultation (a category before an enrolment)', () => {
    expect(() => loadServiceConfig('accounts', KEYS)).toThrow('AGORA_ACCOUNTS_PRIVATE_KEY: is required');
    const accounts = generateKeyPairSync('ed25519');
    const config = loadServiceConfig('accounts', {
      ...KEYS,
      AGORA_ACCOUNTS_PRIVATE_KEY: exportKey(accounts.privateKey),
    });
    expect(config.identity.privateKey?.equals(accounts.privateKey)).toBe(true);
  });

  it('requires its own private key of a service that calls others (consultation calls the library)', () => {
    expect(() => loadServiceConfig('consultation', KEYS)).toThrow(
      'AGORA_CONSULTATION_PRIVATE_KEY: is required',
    );
    const config = loadServiceConfig('consultation', {
      ...KEYS,
      AGORA_CONSULTATION_PRIVATE_KEY: consultation.privateKey
        .export({ format: 'pem', type: 'pkcs8' })
        .toString(),
    });
    expect(config.identity.privateKey?.equals(consultation.privateKey)).toBe(true);
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
      expect.arrayContaining(['- AGORA_GATEWAY_PUBLIC_KEY', '- LOG_LEVEL', '- DATABASE_URL']),
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

describe('PUBLIC_URL in production', () => {
  it.each([
    'http://localhost',
    'http://LOCALHOST:8080/',
    'http://localhost.:8080',
    'http://agora.localhost',
    'http://127.0.0.1:8080',
    'http://127.1.2.3',
    'http://[::1]:8080',
    'http://[0:0:0:0:0:0:0:1]',
    'http://[::ffff:127.0.0.1]',
    'http://0.0.0.0:8080',
    'not a url',
  ])('counts %s as this machine', (url) => {
    expect(isLocalUrl(url)).toBe(true);
  });

  it.each([
    'https://agora.example.gov',
    'http://10.0.0.5:8080',
    'https://localhost-city.example.org',
    'http://[2001:db8::1]',
  ])('counts %s as reachable by others', (url) => {
    expect(isLocalUrl(url)).toBe(false);
  });

  it('is required, and not this machine, only when NODE_ENV=production', () => {
    expect(publicUrlIssue({})).toBeNull();
    expect(publicUrlIssue({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:8080' })).toBeNull();
    expect(publicUrlIssue({ NODE_ENV: 'production' })).toMatch(/^PUBLIC_URL: is required in production/);
    expect(publicUrlIssue({ NODE_ENV: 'production', PUBLIC_URL: '  ' })).toMatch(/^PUBLIC_URL: is required/);
    expect(publicUrlIssue({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:8080' })).toMatch(
      /^PUBLIC_URL: must not be localhost or a loopback address in production .*is http:\/\/127\.0\.0\.1:8080/,
    );
    expect(publicUrlIssue({ NODE_ENV: 'production', PUBLIC_URL: 'https://agora.example.gov' })).toBeNull();
    expect(() => checkPublicUrl('mailing', { NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => checkPublicUrl('mailing', { NODE_ENV: 'production' })).toThrow(
      'invalid configuration for mailing:\n  - PUBLIC_URL: is required in production',
    );
  });
});
