import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { type CatalogueError, checkoutErrorModal } from "../../domain/error-catalogue.errors.ts";
import type { Locale } from "../../domain/locale.ts";
import { type ApiFailure, NoCartError, ShopApiError } from "../errors.ts";
import type { CartApi } from "../ports/cart-api.port.ts";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { CART_API, CART_ID_STORE } from "../ports/tokens.ts";

/** Input of StartPayment: the shop, the chosen method uid and the page origin the provider returns to. */
export interface StartPaymentInput {
  readonly slug: string;
  readonly context: ShopContext;
  readonly paymentMethod: string;
  /** The page origin, e.g. "https://shop.example"; the return address is {origin}/{slug}/paymentstatus. */
  readonly origin: string;
  /** The visitor's language when ordering: the order's mails are written in it (docs/mail.md). */
  readonly locale: Locale;
}

/**
 * The payment status route a provider returns to (spec §7 redirectUri), with `?cartToken=` for a cart addressed by
 * token (spec §6), so the status page can read it back.
 */
export const paymentStatusUri = (origin: string, slug: string, cartToken?: string): string =>
  `${origin}/${slug}/paymentstatus${cartToken ? `?${new URLSearchParams({ cartToken }).toString()}` : ""}`;

/**
 * Creates the order's payment (spec §7) and answers the provider address to go to. Fails with NoCartError, an
 * ApiFailure, or a CatalogueError for a refusal with a modal (spec §8).
 */
@injectable()
export class StartPayment {
  constructor(
    @inject(CART_API) private readonly cartApi: CartApi,
    @inject(CART_ID_STORE) private readonly cartIds: CartIdStore,
  ) {}

  /** The provider's payment page address. */
  execute(input: StartPaymentInput): Effect.Effect<string, ApiFailure | NoCartError | CatalogueError> {
    const cartId = this.cartIds.get(input.slug);
    if (!cartId) return Effect.fail(new NoCartError({ slug: input.slug }));
    return this.cartApi
      .createOrder(input.context, cartId, {
        paymentMethod: input.paymentMethod,
        redirectUri: paymentStatusUri(input.origin, input.slug, input.context.cartToken),
        locale: input.locale,
      })
      .pipe(
        Effect.map((order) => order.redirectUri),
        Effect.mapError((failure) => (failure instanceof ShopApiError && failure.checkoutErrors ? (checkoutErrorModal(failure.checkoutErrors) ?? failure) : failure)),
      );
  }
}
