import { inject, injectable } from "tsyringe";
import { chooseLocale, type Locale } from "../../domain/locale.ts";
import type { LocaleStore } from "../ports/locale-store.port.ts";
import { LOCALE_STORE } from "../ports/tokens.ts";

// Synchronous, not an Effect: it runs in the first render, whose load leaves effect's runtime out (docs/performance.md
// "What the first load leaves out"); its shape is every use case's, `execute(input)`.

/** Picks the UI locale to start with: locale cookie, then browser language, else en (spec §1, §4 locale switch). */
@injectable()
export class ChooseLocale {
  constructor(@inject(LOCALE_STORE) private readonly store: LocaleStore) {}

  /** The locale to start with. */
  execute(): Locale {
    return chooseLocale(this.store.getStoredLocale(), this.store.browserLanguages());
  }
}
