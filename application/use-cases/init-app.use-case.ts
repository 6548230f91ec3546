import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { AppInit } from "../ports/app-init.port.ts";
import { APP_INIT } from "../ports/tokens.ts";

/** True for a page served from the local machine (localhost, *.localhost, 127.0.0.0/8, ::1), where /api/init is skipped. spec §7 Other calls. */
export const isLocalHost = (hostname: string): boolean => {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host) || host === "::1";
};

/** The page the app runs on: its origin ("https://shop.example") and hostname. */
export interface PageLocation {
  readonly origin: string;
  readonly hostname: string;
}

/**
 * The app-start call GET {origin}/api/init on the page's own origin (spec §7 Other calls): skipped on localhost,
 * fire and forget (a failure is logged and swallowed, so the Effect never fails). Answers whether it called.
 */
@injectable()
export class InitApp {
  constructor(@inject(APP_INIT) private readonly appInit: AppInit) {}

  /** Calls /api/init unless the page is on localhost; true when the call was made (and answered, or failed and was logged). */
  execute(page: PageLocation): Effect.Effect<boolean> {
    if (isLocalHost(page.hostname)) return Effect.succeed(false);
    return this.appInit.init(page.origin).pipe(
      Effect.catch((failure) => Effect.logWarning("GET /api/init failed", failure)),
      Effect.as(true),
    );
  }
}
