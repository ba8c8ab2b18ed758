import type { Mail } from 'nodemailer';

/**
 * One e-mail: plain text for every client, HTML (right to left) for those that show it.
 * `senderName`: the name shown with SMTP_FROM's address instead of its own (a storefront's mail).
 */
export type MailMessage = { to: string; subject: string; text: string; html: string; senderName?: string };

/** SMTP_FROM's address, without the name it may carry (`Name <address>`). */
const fromAddress = (from: string) => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

export type Mailer = {
  /** False without SMTP_URL: nothing can be sent, and screens say how else to reach the store. */
  readonly enabled: boolean;
  /** Sends one message; rejects when the SMTP server refuses it or cannot be reached. */
  send(message: MailMessage): Promise<void>;
  /** Waits for the messages being sent, then closes the transport (the app's onClose). */
  close(): Promise<void>;
};

/** How long one SMTP conversation may take before it is given up (a dead relay never holds a send). */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * The one way out for mail: nodemailer over SMTP_URL (`smtp://` upgrades with STARTTLS when the
 * server offers it, `smtps://` is TLS from the start). nodemailer is loaded on the first message,
 * so a store that sends none never loads it.
 */
export function createMailer(smtp: { url: string; from: string } | undefined): Mailer {
  if (!smtp) {
    return {
      enabled: false,
      send: () => Promise.reject(new Error('SMTP_URL is not set')),
      close: async () => undefined,
    };
  }
  let transport: Promise<Mail> | undefined;
  const inFlight = new Set<Promise<unknown>>();
  const open = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtp.url,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      }),
    );
    return transport;
  };
  return {
    enabled: true,
    async send(message) {
      const { senderName, ...mail } = message;
      const from = senderName ? { name: senderName, address: fromAddress(smtp.from) } : smtp.from;
      const sent = open().then((t) => t.sendMail({ ...mail, from }));
      inFlight.add(sent);
      try {
        await sent;
      } finally {
        inFlight.delete(sent);
      }
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      if (transport) (await transport).close();
    },
  };
}
