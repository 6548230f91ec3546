// The use cases the screens run as Promises (ui/use-cases.tsx useAsyncUseCase): every one that runs an Effect, so
// effect's runtime, Schema and the HTTP adapters load with this module after the first render, not with the page
// (docs/performance.md). The synchronous ones (locale, deep link, consent, ForgetCart) are imported by the
// screens directly.
export { ApplyVoucher } from "../application/use-cases/apply-voucher.use-case.ts";
export { EditAccount } from "../application/use-cases/edit-account.use-case.ts";
export { ExtendCartHold } from "../application/use-cases/extend-cart-hold.use-case.ts";
export { FindPreviousOrders } from "../application/use-cases/find-previous-orders.use-case.ts";
export { BookHotelRoom } from "../application/use-cases/book-hotel-room.use-case.ts";
export { ChangeHotelExtra } from "../application/use-cases/change-hotel-extra.use-case.ts";
export { ChangePreviousOrderAddOn } from "../application/use-cases/change-previous-order-add-on.use-case.ts";
export { ChangeProductQuantity } from "../application/use-cases/change-product-quantity.use-case.ts";
export { ChangeShippingCountry } from "../application/use-cases/change-shipping-country.use-case.ts";
export { ChooseTicketQuantity } from "../application/use-cases/choose-ticket-quantity.use-case.ts";
export { CheckLogin } from "../application/use-cases/check-login.use-case.ts";
export { CompleteLogin } from "../application/use-cases/complete-login.use-case.ts";
export { ForgetUserToken } from "../application/use-cases/forget-user-token.use-case.ts";
export { GetCurrentCart } from "../application/use-cases/get-current-cart.use-case.ts";
export { GetPaidCart } from "../application/use-cases/get-paid-cart.use-case.ts";
export { GetTravelCart } from "../application/use-cases/get-travel-cart.use-case.ts";
export { InitApp } from "../application/use-cases/init-app.use-case.ts";
export { LoadTagManager } from "../application/use-cases/load-tag-manager.use-case.ts";
export { ListShops } from "../application/use-cases/list-shops.use-case.ts";
export { LoadProducts } from "../application/use-cases/load-products.use-case.ts";
export { LoadShop } from "../application/use-cases/load-shop.use-case.ts";
export { LoadTravelPackage } from "../application/use-cases/load-travel-package.use-case.ts";
export { LoadTravelSettings } from "../application/use-cases/load-travel-settings.use-case.ts";
export { LoadWishlist } from "../application/use-cases/load-wishlist.use-case.ts";
export { Logout } from "../application/use-cases/logout.use-case.ts";
export { LookUpOrder } from "../application/use-cases/look-up-order.use-case.ts";
export { PlaceOrder } from "../application/use-cases/place-order.use-case.ts";
export { PollNotice } from "../application/use-cases/poll-notice.use-case.ts";
export { PrefillCartFromWishlist } from "../application/use-cases/prefill-cart-from-wishlist.use-case.ts";
export { RemoveHotelBooking } from "../application/use-cases/remove-hotel-booking.use-case.ts";
export { SaveWishlist } from "../application/use-cases/save-wishlist.use-case.ts";
export { SearchTravelPackages } from "../application/use-cases/search-travel-packages.use-case.ts";
export { SendTransportRequest } from "../application/use-cases/send-transport-request.use-case.ts";
export { StartLogin } from "../application/use-cases/start-login.use-case.ts";
export { StartPayment } from "../application/use-cases/start-payment.use-case.ts";
export { SwitchAccount } from "../application/use-cases/switch-account.use-case.ts";
export { TrackCartView } from "../application/use-cases/track-cart-view.use-case.ts";
export { TrackCheckoutStart } from "../application/use-cases/track-checkout-start.use-case.ts";
export { TrackPageView } from "../application/use-cases/track-page-view.use-case.ts";
export { TrackPaymentInfo } from "../application/use-cases/track-payment-info.use-case.ts";
export { TrackPurchase } from "../application/use-cases/track-purchase.use-case.ts";
export { TrackQuantityChange } from "../application/use-cases/track-quantity-change.use-case.ts";
export { TrackUpsellClick } from "../application/use-cases/track-upsell-click.use-case.ts";
export { runUseCaseResult } from "./run-effect.ts";
