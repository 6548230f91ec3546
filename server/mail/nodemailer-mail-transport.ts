import nodemailer from "nodemailer";
import type { MailTransport, OutgoingMail } from "./mail.port.ts";

/** Time limits of one SMTP conversation in milliseconds: connecting, the server's greeting, and silence on the socket. */
export const SMTP_TIMEOUTS = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 } as const;

/**
 * The mail port over SMTP with nodemailer: pooled connections, time limits well inside the outbox lease, and the outbox
 * row's Message-ID.
 */
export const nodemailerMailTransport = (smtpUrl: string): MailTransport => {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: SMTP_TIMEOUTS.connectionMs,
    greetingTimeout: SMTP_TIMEOUTS.greetingMs,
    socketTimeout: SMTP_TIMEOUTS.socketMs,
  });
  return {
    send: async (mail: OutgoingMail) => {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: { "Content-Language": mail.language },
      });
    },
    close: () => transporter.close(),
  };
};
