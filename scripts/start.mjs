// `npm start`: the whole site in one process on http://localhost:8080 (PORT to change).
// No DATABASE_URL → embedded Postgres (PGlite + PostGIS) in ./data; no REDIS_URL → queues on Postgres;
// no SMTP_URL → a local mail catcher with a web inbox.
import { spawnSync } from 'node:child_process';
import {
  adminLoginText,
  demoLoginText,
  freePort,
  isBuilt,
  ROOT,
  startAllInOne,
  startMailCatcher,
} from './lib/stack.mjs';

const env = { ...process.env };
if (!isBuilt() || env.AGORA_REBUILD === 'true') {
  console.log('Building Agora (first start) …');
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

env.AGORA_DEV_MODE ??= 'true';
env.AGORA_DEMO_DATA ??= 'true';
env.PORT ??= '8080';

let mail;
if (!env.SMTP_URL) {
  const smtpPort = Number(env.MAILDEV_SMTP_PORT) || (await portOr(1025));
  const webPort = Number(env.MAILDEV_WEB_PORT) || (await portOr(1080));
  mail = await startMailCatcher({ smtpPort, webPort, log: console.error });
  env.SMTP_URL = mail.smtpUrl;
}

let site;
try {
  site = await startAllInOne({ env, log: console.log });
} catch (e) {
  await mail?.stop();
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}

console.log(`
  Agora is running.
    Site:        ${site.url}
    Admin login: ${adminLoginText(site.admin)}
${demoLine(site.demo, env)}    Mail inbox:  ${mail ? mail.webUrl : `(mail goes to ${env.SMTP_URL.replace(/\/\/[^@]*@/, '//')})`}
    Database:    ${env.DATABASE_URL ? 'PostgreSQL server (DATABASE_URL)' : `embedded (${env.AGORA_DATA_DIR || './data'})`}; queues on ${env.REDIS_URL ? 'Redis' : 'PostgreSQL'}
`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await site.stop();
  await mail?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

async function portOr(preferred) {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(freePort()));
    s.listen(preferred, '127.0.0.1', () => s.close(() => resolve(preferred)));
  });
}

/** The banner's demo participants line (with its line break), or nothing. */
function demoLine(demo, environment) {
  const text = demoLoginText(demo, environment);
  return text ? `    Demo participants: ${text}\n` : '';
}
