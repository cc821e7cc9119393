// A minimal SMTP server for the tests that kill a worker mid-send: it counts the messages it received by their
// Message-ID, and can hold its answer to a message's data (the sender then waits between its claim and the
// server's reply, the window a crash leaves 'uncertain'). No pipelining, no TLS, no AUTH: what nodemailer needs.
import net from 'node:net';

export interface SmtpSink {
  port: number;
  /** How many times each Message-ID was received (the data was complete, whether or not it was answered). */
  counts: Map<string, number>;
  /** Messages received but not answered yet (held). */
  held(): number;
  /** The data lines of the messages being received (DATA begun, end of data not yet seen), one string each. */
  receiving(): string[];
  /** Connections closed in the middle of a message's data (the message was dropped, never counted). */
  abandoned(): number;
  /** Holds the answer to every further message until `release()`. */
  hold(): void;
  /** Answers the held messages (250) and stops holding. */
  release(): void;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const counts = new Map<string, number>();
  const waiting: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  const inProgress = new Map<net.Socket, string[]>();
  let holding = false;
  let abandoned = 0;

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      if (inProgress.delete(socket)) abandoned++;
    });
    socket.on('error', () => undefined);
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    let inData = false;
    let buffer = '';
    let data: string[] = [];
    reply('220 sink ESMTP');
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        if (inData) {
          if (line !== '.') {
            data.push(line);
            continue;
          }
          inData = false;
          inProgress.delete(socket);
          const id = /^message-id:\s*(<[^>]+>)/im.exec(data.join('\n'))?.[1] ?? '(none)';
          data = [];
          counts.set(id, (counts.get(id) ?? 0) + 1);
          const answer = () => reply(`250 2.0.0 accepted ${id}`);
          if (holding) waiting.push(answer);
          else answer();
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink');
        else if (verb === 'DATA') {
          inData = true;
          inProgress.set(socket, data);
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    counts,
    held: () => waiting.length,
    receiving: () => [...inProgress.values()].map((lines) => lines.join('\n')),
    abandoned: () => abandoned,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const answer of waiting.splice(0)) answer();
    },
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
