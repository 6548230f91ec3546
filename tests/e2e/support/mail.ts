import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** The mail catcher's web page and REST API that the journeys' server sends to (playwright.config.ts, maildev). */
export const CATCHER = `http://127.0.0.1:${process.env.E2E_MAIL_WEB_PORT ?? "1080"}`;

/** A mail as the catcher keeps it (maildev's GET /api/email): its id, when it arrived, subject, recipients and both parts. */
export interface CaughtMail {
  readonly id: string;
  readonly time: string;
  readonly subject: string;
  readonly to: ReadonlyArray<{ readonly address: string }>;
  readonly headers: Readonly<Record<string, string | string[]>>;
  readonly html: string;
  readonly text: string;
}

/**
 * Waits (up to 30 s: the outbox worker sends within a second or two) for the mail to `to` whose subject is `subject`
 * that arrived at or after `since` (ms), and answers it; the newest when several match.
 */
export async function caughtMail(request: APIRequestContext, to: string, subject: string, since = 0): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${CATCHER}/api/email?${new URLSearchParams({ "to.address": to })}`);
        if (!answer.ok()) return false;
        const mails = ((await answer.json()) as CaughtMail[]).filter((m) => m.subject === subject && new Date(m.time).getTime() >= since - 2_000);
        found = mails.sort((a, b) => b.time.localeCompare(a.time))[0];
        return found !== undefined;
      },
      { timeout: 30_000, message: `a mail to ${to} titled '${subject}' in the catcher` },
    )
    .toBe(true);
  return found!;
}

/** Opens a caught mail's HTML as the page (a mail client showing it), so the journey reads, checks and follows it like a visitor. */
export async function openMail(page: Page, mail: CaughtMail): Promise<void> {
  await page.setContent(mail.html, { waitUntil: "load" });
  await expect(page.locator("html")).toHaveAttribute("lang", /^(en|nl|es)$/);
}
