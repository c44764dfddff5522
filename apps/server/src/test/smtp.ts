/** A real SMTP server for the mail tests: it receives what the shop's outbox sends. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

type Received = { to: string[]; raw: string };

/** A real SMTP server in this process, on a loopback port; `received` collects whole messages. */
export function smtpServer(opts: { delayMs?: number } = {}) {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  // What a sender's concurrency shows at the relay, counted instead of timed (a busy machine slows a
  // timed test, not these): connections opened, and the most messages being taken at once.
  const stats = { connections: 0, inFlight: 0, maxInFlight: 0 };
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect(_session, done) {
        stats.connections += 1;
        done();
      },
      onData(stream, session, done) {
        stats.inFlight += 1;
        stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          // A slow relay: the message is taken, and answered only after a while.
          if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          stats.inFlight -= 1;
          for (const w of waiters.splice(0)) w();
          done();
        });
      },
    });
  // A closed SMTPServer does not listen again: "back up" is a new server on the same port.
  let server = make();
  return {
    received,
    stats,
    async listen(port = 0): Promise<number> {
      server = make();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
      return (server.server.address() as AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** Resolves with the first message to `to` (already received or still to come). */
    async next(to: string): Promise<Received> {
      for (;;) {
        const hit = received.find((m) => m.to.includes(to));
        if (hit) return hit;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

/** The text of a received message, quoted-printable soft breaks undone. */
export const plain = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
