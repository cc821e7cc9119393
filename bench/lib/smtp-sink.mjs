// A counting SMTP sink for the mail benchmark: it answers every command at once (no pipelining, TLS or AUTH,
// which the workers do not need on 127.0.0.1) and counts the messages received by their Message-ID, so that
// duplicates and missing mails can be told apart. maildev parses and stores every mail on disk and keeps it
// in memory, which would measure maildev rather than the worker at thousands of mails; this sink does neither.
import net from 'node:net';

export async function startSmtpSink() {
  const counts = new Map();
  const sockets = new Set();
  let total = 0;
  let lastAt = 0;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const reply = (line) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    let inData = false;
    let messageId = null;
    let inHeaders = true;
    let buffer = '';
    reply('220 sink ESMTP');
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const id = messageId ?? '(none)';
            counts.set(id, (counts.get(id) ?? 0) + 1);
            total++;
            lastAt = performance.now();
            reply('250 2.0.0 accepted');
          } else if (inHeaders) {
            if (line === '') inHeaders = false;
            else if (/^message-id:/i.test(line)) messageId = /<[^>]+>/.exec(line)?.[0] ?? null;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink');
        else if (verb === 'DATA') {
          inData = true;
          inHeaders = true;
          messageId = null;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    counts,
    /** Messages received so far (copies included). */
    total: () => total,
    /** performance.now() of the last message received. */
    lastAt: () => lastAt,
    reset() {
      counts.clear();
      total = 0;
      lastAt = 0;
    },
    close: async () => {
      const closed = new Promise((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
