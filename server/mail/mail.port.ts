/*
 * The outgoing mail port of the server (docs/mail.md): what the outbox worker hands to whatever delivers mail. The
 * adapter is nodemailer over SMTP (nodemailer-mail-transport.ts); tests pass their own.
 */

/** One rendered mail, ready to deliver: addresses, subject, the text and HTML bodies, and its stable Message-ID (`<id@domain>`). */
export interface OutgoingMail {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** The same on every attempt for one outbox row, so a receiver can drop a second copy (docs/mail.md "Once"). */
  readonly messageId: string;
  /** The language of the mail (Content-Language), en | nl | es. */
  readonly language: string;
}

/** Delivers mail: resolves once the receiving server accepted the message, rejects when it did not (the outbox retries). */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  /** Closes pooled connections (server shutdown). */
  close(): void;
}
