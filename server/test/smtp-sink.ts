import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  from: string;
  /** The name shown with the From header's address ('' without one). */
  sender: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
};

export type SmtpSink = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every message accepted so far, parsed. */
  mails: ReceivedMail[];
  /** The first message (already here or still to come) that `match` accepts. */
  next(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/**
 * A real SMTP server on loopback (smtp-server, by nodemailer's authors): the store's mailer holds
 * a whole SMTP conversation with it (EHLO, MAIL FROM, RCPT TO, DATA), and each message is parsed
 * back (mailparser) as a mail client would read it. No TLS, no auth: nothing leaves the machine.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            sender: parsed.from?.value[0]?.name ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          for (const wake of waiters) wake();
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = mails.find(match);
          if (!found) return;
          waiters.delete(look);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${mails.length} received)`));
        }, timeoutMs);
        waiters.add(look);
        look();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link in a mail's text, and the token in its fragment. */
export function resetLinkOf(mail: ReceivedMail): { url: string; token: string } {
  const url = /https?:\/\/\S+\/reset-password#[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!url) throw new Error(`no reset link in: ${mail.text}`);
  return { url, token: url.slice(url.indexOf('#') + 1) };
}
