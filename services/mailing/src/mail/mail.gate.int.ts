import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { loadMailConfig } from '../config.js';
import { startInbox, waitFor, type Inbox } from '../../test/harness.js';
import { startSmtpSink, type SmtpSink } from '../../test/sink.js';
import { SmtpMailTransport, type OutgoingMail } from './mail.transport.js';

// nodemailer's SMTP pool and its one-connection-per-mail transport with the end-of-data gate, against real SMTP
// servers: the counting sink (which shows what reached it of a message still in its data) and maildev (the
// smtp-server package, which delivers only a message whose data was ended).
jest.setTimeout(30_000);

let sink: SmtpSink;
let inbox: Inbox;
const transports: SmtpMailTransport[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  inbox = await startInbox();
});

afterEach(() => {
  for (const t of transports.splice(0)) t.onApplicationShutdown();
});

afterAll(async () => {
  await sink?.close();
  await inbox?.close();
});

function transportTo(port: number, poolConnections: number): SmtpMailTransport {
  const t = new SmtpMailTransport(
    loadMailConfig({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_POOL_CONNECTIONS: String(poolConnections),
    }),
  );
  transports.push(t);
  return t;
}

function outgoing(subject: string): OutgoingMail {
  return {
    from: 'Agora <no-reply@example.org>',
    to: 'citizen@example.org',
    subject,
    // the last line ends with a line break: the sink shows complete lines only
    text: 'Line one.\n.\nA line with only a dot above.\n',
    messageId: `<${randomUUID()}@agora>`,
  };
}

const refused = () => Promise.reject(new Error('fenced out'));

describe.each([
  ['the pool', 2],
  ['one connection per mail', 0],
])('the end-of-data gate through %s', (_name, poolConnections) => {
  it('runs when the server holds the whole message but its end of data; the end of data follows it', async () => {
    const transport = transportTo(sink.port, poolConnections);
    const mail = outgoing(`gated ${randomUUID()}`);
    let seenByGate: string[] = [];
    const sent = await transport.send(mail, {
      beforeDataEnd: async () => {
        // the whole body is at the server (the last line too) and the message is not counted yet
        seenByGate = await waitFor(
          async () => sink.receiving(),
          (r) => r.some((m) => m.includes(`Subject: ${mail.subject}`) && m.includes('A line with only')),
          { what: 'the body at the server' },
        );
        expect(sink.counts.get(mail.messageId)).toBeUndefined();
      },
    });
    expect(sent.messageId).toBe(mail.messageId);
    expect(seenByGate).toHaveLength(1);
    expect(sink.counts.get(mail.messageId)).toBe(1);
  });

  it('refused: the send fails, the server drops the message unended, and the next mail goes out', async () => {
    const transport = transportTo(sink.port, poolConnections);
    const abandoned = sink.abandoned();
    const first = outgoing(`refused ${randomUUID()}`);
    const error = await transport
      .send(first, {
        beforeDataEnd: async () => {
          await waitFor(
            async () => sink.receiving(),
            (r) => r.some((m) => m.includes(first.subject)),
            { what: 'the body at the server' },
          );
          return refused();
        },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ESTREAM', message: 'fenced out' });
    // the connection was closed in the middle of the data: the sink never saw its end
    await waitFor(
      async () => sink.abandoned(),
      (n) => n === abandoned + 1,
      { what: 'the connection closed mid-data' },
    );
    expect(sink.counts.get(first.messageId)).toBeUndefined();

    const second = outgoing(`after ${randomUUID()}`);
    await transport.send(second, { beforeDataEnd: () => Promise.resolve() });
    expect(sink.counts.get(second.messageId)).toBe(1);
    expect(sink.counts.get(first.messageId)).toBeUndefined();
  });

  it('refused: an smtp-server (maildev) delivers nothing of that message', async () => {
    const transport = transportTo(inbox.port, poolConnections);
    const first = outgoing(`dropped ${randomUUID()}`);
    await expect(transport.send(first, { beforeDataEnd: refused })).rejects.toMatchObject({
      code: 'ESTREAM',
    });
    const second = outgoing(`delivered ${randomUUID()}`);
    await transport.send(second, { beforeDataEnd: () => Promise.resolve() });
    const got = await waitFor(
      () => inbox.withSubject(second.subject),
      (m) => m.length === 1,
      { what: 'the next mail delivered' },
    );
    expect(got).toHaveLength(1);
    expect(await inbox.withSubject(first.subject)).toEqual([]);
  });
});
