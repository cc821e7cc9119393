import './fakeIndexedDb.testutil';
import { ApiError } from '../api';
import {
  addEntry,
  bytesOf,
  claimEntry,
  clearOutbox,
  endEditing,
  fileOf,
  getEntry,
  listEntries,
  outboxFileOf,
  pendingCount,
  saveValues,
  STALE_CLAIM_MS,
  type NewOutboxEntry,
  type OutboxValue,
} from './outbox';
import { leaveOutbox } from './logout';
import { retryEntry, sendOutbox, type OutboxApi } from './send';

const base: NewOutboxEntry = {
  user: 'u1',
  category: 'c',
  project: 'p',
  topic: 't',
  attribute: 'a',
  geometry: { type: 'Point', coordinates: [25.4, 41.12] },
  fingerprint: 'f1',
};

let clock = 1_000;
const entry = (extra: Partial<NewOutboxEntry> = {}) => addEntry({ ...base, created: clock++, ...extra });

/** A fake server: answers are made once per key, values once per (answer, variable). */
function fakeServer() {
  const answers = new Map<string, string>();
  const values = new Map<string, readonly OutboxValue[]>();
  const calls: string[] = [];
  let fingerprint: string | null = 'f1';
  let failNext: Array<{ on: 'answer' | 'values'; error: unknown }> = [];
  const fail = (on: 'answer' | 'values') => {
    const i = failNext.findIndex((f) => f.on === on);
    if (i < 0) return;
    const [f] = failNext.splice(i, 1);
    throw f!.error;
  };
  const api: OutboxApi = {
    createAnswer(e) {
      calls.push(`answer ${e.id}`);
      fail('answer');
      const token = answers.get(e.id) ?? `choice-${answers.size + 1}`;
      answers.set(e.id, token);
      return Promise.resolve(token);
    },
    sendValues(choice, variable, sent) {
      calls.push(`values ${choice} ${variable}`);
      fail('values');
      const key = `${choice}/${variable}`;
      if (values.has(key)) throw new ApiError(409, 'exists', 'CONSULTATION.EXISTS');
      values.set(key, sent);
      return Promise.resolve();
    },
    fingerprint: () => Promise.resolve(fingerprint),
  };
  return {
    api,
    answers,
    values,
    calls,
    failWith: (on: 'answer' | 'values', error: unknown) => failNext.push({ on, error }),
    /** the server stored the request, but its answer was lost */
    lose: (on: 'answer' | 'values') => {
      const real = on === 'answer' ? api.createAnswer : api.sendValues;
      const once = async (...args: unknown[]) => {
        await (real as (...a: unknown[]) => Promise<unknown>)(...args);
        if (on === 'answer') api.createAnswer = real as OutboxApi['createAnswer'];
        else api.sendValues = real as OutboxApi['sendValues'];
        throw new TypeError('Failed to fetch');
      };
      if (on === 'answer') api.createAnswer = once as OutboxApi['createAnswer'];
      else api.sendValues = once as OutboxApi['sendValues'];
    },
    setFingerprint: (f: string | null) => {
      fingerprint = f;
    },
    reset: () => {
      failNext = [];
    },
  };
}

const text = (value: string): OutboxValue[] => [{ kind: 'text', value }];

beforeEach(async () => {
  await clearOutbox();
});

describe('the outbox store', () => {
  it('keeps entries per user, oldest first, and counts what is not sent', async () => {
    const a = await entry();
    const b = await entry({ user: 'u2' });
    const c = await entry({ project: 'other' });
    expect((await listEntries('u1')).map((e) => e.id)).toEqual([a.id, c.id]);
    expect((await listEntries('u1', 'p')).map((e) => e.id)).toEqual([a.id]);
    expect((await listEntries('u2')).map((e) => e.id)).toEqual([b.id]);
    expect(await pendingCount('u1')).toBe(2);
    await clearOutbox('u1');
    expect(await pendingCount('u1')).toBe(0);
    expect(await pendingCount('u2')).toBe(1);
    await clearOutbox();
    expect(await pendingCount('u2')).toBe(0);
  });

  it('keeps a file with its name and type, and gives it back as a File', async () => {
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'p.png', { type: 'image/png' });
    const e = await entry();
    await saveValues(e.id, 'v1', [{ kind: 'photo', value: 'p.png', file: await outboxFileOf(photo) }]);
    const kept = (await getEntry(e.id))!.values.v1![0]!.file!;
    const back = fileOf(kept);
    expect(back.name).toBe('p.png');
    expect(back.type).toBe('image/png');
    expect(new Uint8Array(await bytesOf(back))).toEqual(new Uint8Array([137, 80, 78, 71]));
  });

  it('lets one claim take an entry; a claim left by a closed tab is taken over later', async () => {
    const e = await entry();
    const [first, second] = await Promise.all([claimEntry(e.id, 5_000), claimEntry(e.id, 5_000)]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(await claimEntry(e.id, 5_000 + STALE_CLAIM_MS - 1)).toBeNull();
    expect(await claimEntry(e.id, 5_000 + STALE_CLAIM_MS + 1)).not.toBeNull();
  });

  it('does not give out an entry whose form is open, until a new page ends the editing', async () => {
    const e = await entry({ editing: true });
    expect(await claimEntry(e.id)).toBeNull();
    await endEditing('u1');
    expect(await claimEntry(e.id)).not.toBeNull();
  });
});

describe('sending the outbox', () => {
  it('sends the entries in created order, each answer then its values, and removes them', async () => {
    const server = fakeServer();
    const a = await entry({ values: { v1: text('one'), v2: text('two') } });
    const b = await entry({ geometry: { predefined: 3 } });
    const result = await sendOutbox('u1', server.api);
    expect(result).toEqual({ sent: 2, refused: 0, changed: 0, offline: false });
    expect(server.calls).toEqual([
      `answer ${a.id}`,
      'values choice-1 v1',
      'values choice-1 v2',
      `answer ${b.id}`,
    ]);
    expect(await listEntries('u1')).toEqual([]);
  });

  it("never sends another user's entries", async () => {
    const server = fakeServer();
    await entry({ user: 'u2' });
    expect((await sendOutbox('u1', server.api)).sent).toBe(0);
    expect(server.calls).toEqual([]);
    expect(await pendingCount('u2')).toBe(1);
  });

  it('stops at a network failure, leaving the entry and the later ones pending', async () => {
    const server = fakeServer();
    const a = await entry();
    const b = await entry();
    server.failWith('answer', new TypeError('Failed to fetch'));
    expect(await sendOutbox('u1', server.api)).toMatchObject({ sent: 0, offline: true });
    expect(server.calls).toEqual([`answer ${a.id}`]);
    expect((await listEntries('u1')).map((e) => [e.id, e.state])).toEqual([
      [a.id, 'pending'],
      [b.id, 'pending'],
    ]);
    server.failWith('answer', new ApiError(503, 'down'));
    expect((await sendOutbox('u1', server.api)).offline).toBe(true);
    expect(await sendOutbox('u1', server.api)).toMatchObject({ sent: 2, offline: false });
  });

  it('makes each answer once when the answer of a request is lost (Idempotency-Key, 409 EXISTS)', async () => {
    const server = fakeServer();
    await entry({ values: { v1: text('one'), v2: text('two') } });
    server.lose('answer');
    expect((await sendOutbox('u1', server.api)).offline).toBe(true);
    server.lose('values');
    expect((await sendOutbox('u1', server.api)).offline).toBe(true);
    expect((await listEntries('u1'))[0]).toMatchObject({ choice: 'choice-1', sent: [] });
    expect(await sendOutbox('u1', server.api)).toMatchObject({ sent: 1 });
    expect(server.answers.size).toBe(1);
    expect([...server.values.keys()]).toEqual(['choice-1/v1', 'choice-1/v2']);
    expect(await listEntries('u1')).toEqual([]);
  });

  it('marks a refused entry with its reason and goes on with the next', async () => {
    const server = fakeServer();
    const a = await entry();
    const b = await entry({ values: { v1: text('x') } });
    const c = await entry();
    server.failWith('answer', new ApiError(403, 'closed', 'CONSULTATION.ANSWERING_CLOSED'));
    server.failWith(
      'values',
      new ApiError(400, 'bad', 'CONSULTATION.INVALID_FIELD', undefined, { field: 'values[0][value]' }),
    );
    expect(await sendOutbox('u1', server.api)).toEqual({ sent: 1, refused: 2, changed: 0, offline: false });
    const left = await listEntries('u1');
    expect(left.map((e) => e.id)).toEqual([a.id, b.id]);
    expect(left[0]).toMatchObject({
      state: 'refused',
      refusal: { status: 403, code: 'CONSULTATION.ANSWERING_CLOSED', variable: null },
    });
    expect(left[1]).toMatchObject({
      state: 'refused',
      choice: 'choice-1',
      refusal: { code: 'CONSULTATION.INVALID_FIELD', field: 'values[0][value]', variable: 'v1' },
    });
    expect(await getEntry(c.id)).toBeUndefined();
    // a refused entry is not sent again until corrected
    server.calls.length = 0;
    await sendOutbox('u1', server.api);
    expect(server.calls).toEqual([]);
    await retryEntry(b.id);
    expect((await sendOutbox('u1', server.api)).sent).toBe(1);
    expect(server.calls).toEqual(['values choice-1 v1']);
  });

  it('holds back an entry whose questionnaire changed until its values are checked', async () => {
    const server = fakeServer();
    const a = await entry();
    server.setFingerprint('f2');
    expect(await sendOutbox('u1', server.api)).toMatchObject({ sent: 0, changed: 1 });
    expect(server.calls).toEqual([]);
    expect(await getEntry(a.id)).toMatchObject({ changed: true, state: 'pending' });
    expect((await sendOutbox('u1', server.api)).changed).toBe(0);
    await retryEntry(a.id, 'f2');
    expect((await sendOutbox('u1', server.api)).sent).toBe(1);
  });

  it('sends an entry once when two runs start together', async () => {
    const server = fakeServer();
    await entry({ values: { v1: text('one') } });
    await entry();
    const results = await Promise.all([sendOutbox('u1', server.api), sendOutbox('u1', server.api)]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(2);
    expect(server.calls.filter((c) => c.startsWith('answer'))).toHaveLength(2);
    expect(server.calls.filter((c) => c.startsWith('values'))).toHaveLength(1);
  });
});

describe('logging out', () => {
  it('asks before deleting answers not sent yet, and deletes every entry when confirmed', async () => {
    await entry();
    await entry();
    await entry({ user: 'u2' });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false);
    expect(await leaveOutbox('u1')).toBe(false);
    expect(confirm).toHaveBeenLastCalledWith(expect.stringContaining('2 '));
    expect(await pendingCount('u1')).toBe(2);
    confirm.mockReturnValueOnce(true);
    expect(await leaveOutbox('u1')).toBe(true);
    expect(await pendingCount('u1')).toBe(0);
    expect(await pendingCount('u2')).toBe(0);
    confirm.mockClear();
    expect(await leaveOutbox('u1')).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
    confirm.mockRestore();
  });
});
