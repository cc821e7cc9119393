// The answer load of the benchmarks: a questionnaire with two point attributes, participants registered and
// enrolled, and the load itself in a process of its own (`runWorker`), each participant a loop of submissions (a
// point, then its values) until the time is up, with `pauseMs` between submissions (0: back to back).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { day, quantile, registerParticipant } from './common.mjs';
import { CENTRE, HALF, createMapTopic } from './geo.mjs';

export const randomPoint = () => ({
  type: 'Point',
  coordinates: [
    CENTRE.lng + (Math.random() * 2 - 1) * HALF * 0.9,
    CENTRE.lat + (Math.random() * 2 - 1) * HALF * 0.9,
  ],
});

/**
 * A category open to everyone (autosubscribe) with one open project and one topic on the map, holding two
 * point attributes: `limits` gives each attribute's and the topic's max_geom. Each attribute has one variable
 * asking three values (a string, a number and a date).
 */
export async function createQuestionnaire(admin, name, limits) {
  const { category, project, topic } = await createMapTopic(admin, name, limits.topic);
  const attributes = [];
  for (const n of [1, 2]) {
    const attribute = await admin.POST('/api/attribute', {
      body: {
        node: topic.token,
        name: `Bench point ${n}`,
        mname: `${name}-point-${n}`,
        has_geometry: true,
        geom_type: 'point',
        geom_color: '#2b6cb0',
        max_geom: limits.attribute,
      },
    });
    const variable = await admin.POST('/api/variable', {
      body: {
        attribute: attribute.token,
        mname: `${name}-values-${n}`,
        description: 'Three values',
        tooltip: '',
        variable_type: JSON.stringify([
          { kind: 'string', options: { required: true, label: 'Name', maxLength: 100 } },
          { kind: 'number', options: { required: true, label: 'Count', minLength: 0, maxLength: 1000 } },
          { kind: 'date', options: { required: false, label: 'Seen on' } },
        ]),
      },
    });
    attributes.push({ token: attribute.token, node: topic.token, variable: variable.token });
  }
  return { category, project, topic, attributes };
}

/** Registers, logs in and enrols `count` participants (in parallel batches): their cookie headers and uuids. */
export async function participants(url, prefix, count, category) {
  const out = [];
  const one = async (i) => {
    const username = `${prefix}${String(i).padStart(4, '0')}`;
    const session = await registerParticipant(url, username, `Participant ${i}`, category);
    return { username, uuid: session.profile.uuid, header: session.header, csrf: session.cookies.token };
  };
  for (let i = 0; i < count; i += 10) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 10); j++) batch.push(one(j));
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

/** Runs `worker.mjs`-style load in a child process (this file with --worker), so it never shares the servers' loop. */
export function runWorker(job) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--worker'], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', resolve);
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`load worker exited with ${code}`)));
    child.send(job);
  });
}

/** The load itself (in the child): each participant a loop of submissions until the time is up. */
async function workerMain(job) {
  const { url, users, attributes, durationS, mode, pauseMs = 0 } = job;
  const latencies = { geometry: [], values: [], delete: [] };
  const statuses = {};
  const acknowledged = []; // [owner, choice token, attribute]
  const deleted = [];
  let submissions = 0;
  let errors = 0;
  const deadline = Date.now() + durationS * 1000;
  const call = async (user, kind, method, path, body) => {
    const started = performance.now();
    let res;
    try {
      res = await fetch(`${url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', cookie: user.header, 'x-csrf-token': user.csrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      errors++;
      return null;
    }
    const text = await res.text();
    latencies[kind].push(performance.now() - started);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status >= 500) errors++;
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  await Promise.all(
    users.map(async (user, u) => {
      let n = 0;
      while (Date.now() < deadline) {
        const attribute = attributes[(u + n++) % attributes.length];
        const geometry = await call(user, 'geometry', 'POST', '/api/data/scope/attribute', {
          attribute: attribute.token,
          node: attribute.node,
          geometry: randomPoint(),
        });
        if (!geometry) continue;
        if (geometry.status === 201 || geometry.status === 200) {
          const choice = geometry.body.token;
          acknowledged.push([user.uuid, choice, attribute.token]);
          const values = await call(user, 'values', 'POST', '/api/data/scope/variable', {
            choice,
            variable: attribute.variable,
            values: [
              { variable_type: 'string', value: `Place ${n}` },
              { variable_type: 'number', value: String(n % 1000) },
              { variable_type: 'date', value: day(-1) },
            ],
          });
          if (values && values.status < 300) submissions++;
          // In the crowd, one answer in four is taken back again.
          if (mode === 'crowd' && Math.random() < 0.25) {
            const gone = await call(user, 'delete', 'DELETE', `/api/data/scope/attribute/choice/${choice}`);
            if (gone?.status === 200) deleted.push(choice);
          }
          if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
        } else if (mode === 'throughput') {
          errors++;
        }
      }
    }),
  );
  const stats = (list) => ({
    count: list.length,
    p50: Math.round(quantile(list, 0.5) * 10) / 10,
    p99: Math.round(quantile(list, 0.99) * 10) / 10,
    max: Math.round(Math.max(0, ...list) * 10) / 10,
  });
  return {
    submissions,
    submissionsPerSecond: Math.round((submissions / durationS) * 10) / 10,
    requestsPerSecond:
      Math.round(
        ((latencies.geometry.length + latencies.values.length + latencies.delete.length) / durationS) * 10,
      ) / 10,
    latencyMs: {
      geometry: stats(latencies.geometry),
      values: stats(latencies.values),
      delete: stats(latencies.delete),
    },
    statuses,
    errors,
    acknowledged,
    deleted,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--worker')) {
  process.once('message', async (job) => {
    const result = await workerMain(job);
    process.send(result, () => process.exit(0));
  });
}
