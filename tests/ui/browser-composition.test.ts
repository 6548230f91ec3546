// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { CART_API, CART_ID_STORE, LOCALE_STORE, SHOP_API, SINGLE_SIGN_ON } from "../../application/ports/tokens.ts";
import { ChooseLocale } from "../../application/use-cases/choose-locale.use-case.ts";
import { ForgetCart } from "../../application/use-cases/forget-cart.use-case.ts";
import { ForgetDeepLink } from "../../application/use-cases/forget-deep-link.use-case.ts";
import { RecallConsent } from "../../application/use-cases/recall-consent.use-case.ts";
import { RecallDeepLink } from "../../application/use-cases/recall-deep-link.use-case.ts";
import { RememberConsent } from "../../application/use-cases/remember-consent.use-case.ts";
import { RememberDeepLink } from "../../application/use-cases/remember-deep-link.use-case.ts";
import { SwitchLocale } from "../../application/use-cases/switch-locale.use-case.ts";
import { composeDeferredBrowserContainer } from "../../adapters/browser-composition.ts";
import * as AsyncUseCases from "../../ui/async-use-cases.ts";

// the web app's first load composes only the device adapters; the rest arrives with the first async use case.
describe("the web app's deferred composition (adapters/browser-composition.ts)", () => {
  it("resolves the synchronous use cases of the first render before the network adapters are registered", () => {
    const { container } = composeDeferredBrowserContainer({ apiBaseUrl: "" });
    expect(container.isRegistered(LOCALE_STORE, true) && container.isRegistered(CART_ID_STORE, true)).toBe(true);
    expect(container.isRegistered(SHOP_API, true)).toBe(false);
    for (const useCase of [ChooseLocale, SwitchLocale, ForgetCart, RecallConsent, RememberConsent, RecallDeepLink, RememberDeepLink, ForgetDeepLink]) expect(container.resolve(useCase as never)).toBeInstanceOf(useCase);
  });

  it("after completeComposition resolves every use case the screens call asynchronously (ui/async-use-cases.ts)", async () => {
    const { container, completeComposition } = composeDeferredBrowserContainer({ apiBaseUrl: "https://shop.example/" });
    await completeComposition();
    expect([SHOP_API, CART_API, SINGLE_SIGN_ON].every((token) => container.isRegistered(token, true))).toBe(true);
    const { runUseCaseResult: _, ...useCases } = AsyncUseCases;
    expect(Object.keys(useCases).length).toBeGreaterThan(25);
    for (const [name, useCase] of Object.entries(useCases)) expect(container.resolve(useCase as never), name).toBeInstanceOf(useCase);
  });
});
