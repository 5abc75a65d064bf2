import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** Where the server may hold its answer: after the recipient, or after the message's last line. */
export type SmtpHoldPoint = 'RCPT TO' | 'end of message';

export interface TestSmtpServer {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  /** Each message the server has whole, as its raw text: it keeps one as soon as its last line arrives. */
  messages: string[];
  /** From now on, answer nothing at `point` (the client waits); resolves when a client waits there. */
  holdAt(point: SmtpHoldPoint): Promise<void>;
  /** Answers every command again. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A minimal SMTP server on loopback for the job tests. Like many real ones, it keeps a message once
 * the message's last line has arrived, before its "250" reaches the client: a client killed in
 * between cannot know the mail went out. Holding an answer puts a sending process exactly there.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: string[] = [];
  let hold: { point: SmtpHoldPoint; reached: () => void } | null = null;
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A killed client resets its connection; that is the point of these tests, not an error.
    socket.on('error', () => socket.destroy());
    let buffered = '';
    let message: string[] | null = null;
    const answer = (point: SmtpHoldPoint | null, reply: string) => {
      if (point && hold?.point === point) return hold.reached();
      socket.write(`${reply}\r\n`);
    };
    socket.write('220 test.localhost ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let end: number;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (message) {
          if (line !== '.') {
            message.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          messages.push(message.join('\r\n'));
          message = null;
          answer('end of message', '250 2.0.0 queued');
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'DATA') {
          message = [];
          answer(null, '354 end with <CRLF>.<CRLF>');
        } else if (command === 'RCPT') answer('RCPT TO', '250 2.1.5 ok');
        else if (command === 'QUIT') socket.end('221 2.0.0 bye\r\n');
        else answer(null, command === 'EHLO' || command === 'HELO' ? '250 test.localhost' : '250 2.0.0 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    holdAt: (point) => new Promise<void>((reached) => (hold = { point, reached })),
    release: () => {
      hold = null;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
