// `npm run start:distributed`: each service and the gateway as its own process, against the PostgreSQL server in
// DATABASE_URL and the Redis in REDIS_URL (the shape the Kubernetes manifests run).
import { spawnSync } from 'node:child_process';
import {
  adminLoginText,
  demoLoginText,
  freePort,
  isBuilt,
  ROOT,
  startDistributed,
  startMailCatcher,
} from './lib/stack.mjs';

const env = { ...process.env };
if (!env.DATABASE_URL || !env.REDIS_URL) {
  console.error('Set DATABASE_URL (PostgreSQL with PostGIS) and REDIS_URL for the distributed mode.');
  process.exit(2);
}
if (!isBuilt()) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
let mail;
if (!env.SMTP_URL) {
  const smtpPort = Number(env.MAILDEV_SMTP_PORT) || (await freePort());
  const webPort = Number(env.MAILDEV_WEB_PORT) || (await freePort());
  mail = await startMailCatcher({ smtpPort, webPort, log: console.error });
  env.SMTP_URL = mail.smtpUrl;
}
let stack;
try {
  stack = await startDistributed({ env, gatewayPort: Number(env.PORT) || 8080, log: console.log });
} catch (e) {
  await mail?.stop();
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
console.log(`
  Agora (distributed) is running.
    Site:        ${stack.url}
    Admin login: ${adminLoginText(stack.admin)}
${demoLine(stack.demo, env)}    Mail inbox:  ${mail ? mail.webUrl : `(mail goes to ${env.SMTP_URL.replace(/\/\/[^@]*@/, '//')})`}
    Processes:   ${Object.values(stack.procs)
      .map((p) => `${p.name} (pid ${p.child.pid}, ${p.url})`)
      .join(', ')}
`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  await mail?.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

/** The banner's demo participants line (with its line break), or nothing. */
function demoLine(demo, environment) {
  const text = demoLoginText(demo, environment);
  return text ? `    Demo participants: ${text}\n` : '';
}
