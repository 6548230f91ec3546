import { inject, injectable } from "tsyringe";
import type { Locale } from "../../domain/locale.ts";
import type { LocaleStore } from "../ports/locale-store.port.ts";
import { LOCALE_STORE } from "../ports/tokens.ts";

// Synchronous, not an Effect: the language menu is part of the first load, which leaves effect's runtime out
// (docs/performance.md "What the first load leaves out"); its shape is every use case's, `execute(input)`.

/** Remembers the visitor's choice of language in the locale cookie (spec §1, §4 locale switch). */
@injectable()
export class SwitchLocale {
  constructor(@inject(LOCALE_STORE) private readonly store: LocaleStore) {}

  /** Stores `locale` in the locale cookie. */
  execute(input: { readonly locale: Locale }): void {
    this.store.storeLocale(input.locale);
  }
}
