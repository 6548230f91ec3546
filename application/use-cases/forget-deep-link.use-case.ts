import { inject, injectable } from "tsyringe";
import type { DeepLinkStore } from "../ports/deep-link-store.port.ts";
import { DEEP_LINK_STORE } from "../ports/tokens.ts";

// Synchronous, not an Effect: the countdown calls it, and the first load leaves effect's runtime out
// (docs/performance.md "What the first load leaves out"); its shape is every use case's, `execute(input)`.

/** Removes the deep-link cookie, as the countdown at zero resets the shop state (spec §4 Countdown, §2 deep links). */
@injectable()
export class ForgetDeepLink {
  constructor(@inject(DEEP_LINK_STORE) private readonly store: DeepLinkStore) {}

  /** Clears the deep-link cookie. */
  execute(): void {
    this.store.clear();
  }
}
