import { inject, injectable } from "tsyringe";
import { chooseLocale, type Locale } from "../../domain/locale.ts";
import type { LocaleStore } from "../ports/locale-store.port.ts";
import { LOCALE_STORE } from "../ports/tokens.ts";

/** Picks the UI locale: locale cookie, then browser language, else en; and stores a switch in the cookie (spec §1, §4 locale switch). */
@injectable()
export class ChooseLocale {
  constructor(@inject(LOCALE_STORE) private readonly store: LocaleStore) {}

  /** The locale to start with. */
  execute(): Locale {
    return chooseLocale(this.store.getStoredLocale(), this.store.browserLanguages());
  }

  /** Remembers the visitor's choice in the locale cookie. */
  switchTo(locale: Locale): void {
    this.store.storeLocale(locale);
  }
}
