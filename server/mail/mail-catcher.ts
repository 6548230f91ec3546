import { MailDev } from "maildev";

/** A running development mail catcher: the SMTP address to send to, the page that shows the mail, and stop(). */
export interface MailCatcher {
  readonly smtpUrl: string;
  readonly webUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts maildev (the demo's mail catcher, docs/mail.md "Catcher") on 127.0.0.1: SMTP on `smtpPort`, its web page and
 * REST API (/api/email) on `webPort`. Rejects when a port is taken (after stopping what it started).
 */
export const startMailCatcher = async (ports: { readonly smtpPort: number; readonly webPort: number }): Promise<MailCatcher> => {
  const maildev = new MailDev({ smtp: ports.smtpPort, web: ports.webPort, ip: "127.0.0.1", webIp: "127.0.0.1", silent: true, maxEmails: 500 });
  try {
    await maildev.start();
  } catch (error) {
    await maildev.stop().catch(() => undefined);
    throw error;
  }
  return { smtpUrl: `smtp://127.0.0.1:${ports.smtpPort}`, webUrl: `http://localhost:${ports.webPort}/`, stop: () => maildev.stop() };
};
