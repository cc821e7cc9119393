// `npm run start:distributed`: each service and the gateway as its own process, against the PostgreSQL server in
// DATABASE_URL and the Redis in REDIS_URL (the shape the Kubernetes manifests run).
import { spawnSync } from 'node:child_process';
import { isBuilt, ROOT, startDistributed, startMailCatcher, freePort } from './lib/stack.mjs';

const env = { ...process.env };
if (!isBuilt()) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (!env.DATABASE_URL || !env.REDIS_URL) {
  console.error('Set DATABASE_URL (PostgreSQL with PostGIS) and REDIS_URL for the distributed mode.');
  process.exit(2);
}
let mail;
if (!env.SMTP_URL) {
  mail = await startMailCatcher({ smtpPort: await freePort(), webPort: await freePort() });
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
    Site:       ${stack.url}
    Processes:  ${Object.values(stack.procs)
      .map((p) => `${p.name} (pid ${p.child.pid}, ${p.url})`)
      .join(', ')}
    Mail inbox: ${mail ? mail.webUrl : '(SMTP_URL)'}
`);
const stop = async () => {
  await stack.stop();
  await mail?.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
