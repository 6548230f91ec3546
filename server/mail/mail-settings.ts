/*
 * Where the shop's mail goes, read from the environment (README "Settings", docs/mail.md): SMTP_URL, MAIL_FROM and the
 * development catcher's ports. Pure functions of an env record, so server/main.ts and the tests read them alike.
 */

/** Default ports of the development mail catcher (maildev): SMTP and its web page. */
export const DEFAULT_CATCHER_PORTS = { smtp: 1025, web: 1080 } as const;

/** How the server sends mail: not at all, to an SMTP server, or to a local catcher that npm start runs (development). */
export type MailSettings =
  | { readonly kind: "off" }
  | { readonly kind: "smtp"; readonly smtpUrl: string; readonly from: string }
  | { readonly kind: "catcher"; readonly smtpPort: number; readonly webPort: number; readonly from: string };

const port = (text: string | undefined, fallback: number, name: string): number => {
  if (text === undefined || text.trim() === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 65_535) throw new Error(`${name} must be a port number (1-65535), not '${text}'.`);
  return value;
};

/** MAIL_FROM, else `Festival shop <noreply@{PUBLIC_ORIGIN's host, or localhost}>`; throws when it holds no address. */
const senderOf = (env: Readonly<Record<string, string | undefined>>): string => {
  const from = (env["MAIL_FROM"] ?? "").trim();
  if (from !== "") {
    if (!/@[^@\s>]+>?\s*$/.test(from)) throw new Error(`MAIL_FROM must be an address, e.g. 'Festival shop <tickets@example.org>', not '${from}'.`);
    return from;
  }
  let host = "localhost";
  try {
    host = new URL(env["PUBLIC_ORIGIN"] ?? "").hostname || host;
  } catch {
    // no public origin: development
  }
  return `Festival shop <noreply@${host}>`;
};

/**
 * Mail settings from SMTP_URL and MAIL_FROM: `off`, an smtp(s) URL, or a local catcher outside production. Throws in
 * production without SMTP_URL or for a bad URL, never repeating it.
 */
export const mailSettingsFromEnv = (env: Readonly<Record<string, string | undefined>>): MailSettings => {
  const smtpUrl = (env["SMTP_URL"] ?? "").trim();
  if (smtpUrl.toLowerCase() === "off") return { kind: "off" };
  if (smtpUrl === "") {
    if (env["NODE_ENV"] === "production") {
      throw new Error("NODE_ENV=production needs SMTP_URL, the server the shop's mail goes to (e.g. smtp://user:password@mail.example.org:587), or SMTP_URL=off to run without mail.");
    }
    return {
      kind: "catcher",
      smtpPort: port(env["MAIL_CATCHER_SMTP_PORT"], DEFAULT_CATCHER_PORTS.smtp, "MAIL_CATCHER_SMTP_PORT"),
      webPort: port(env["MAIL_CATCHER_WEB_PORT"], DEFAULT_CATCHER_PORTS.web, "MAIL_CATCHER_WEB_PORT"),
      from: senderOf(env),
    };
  }
  let protocol = "";
  try {
    protocol = new URL(smtpUrl).protocol;
  } catch {
    // reported below
  }
  if (protocol !== "smtp:" && protocol !== "smtps:") throw new Error("SMTP_URL must be an smtp:// or smtps:// address, or off (its value is not shown: it may hold a password).");
  return { kind: "smtp", smtpUrl, from: senderOf(env) };
};
