import { Schema } from "effect";
import { EurosAsCents } from "./money.schema.ts";

/** Payment providers a shop can use (spec §9: adyen, paylogic; `test` is the reference server's built-in one). */
export const PaymentProviderName = Schema.Literals(["adyen", "paylogic", "test"]);
/** Name of a shop's payment provider. */
export type PaymentProviderName = typeof PaymentProviderName.Type;

/** Festival data shown on the overview (dateStart is an ISO date, YYYY-MM-DD). spec §3 Shop config. */
export const FestivalData = Schema.Struct({
  title: Schema.String,
  dateStart: Schema.String,
  dateEnd: Schema.optional(Schema.String),
  location: Schema.optional(Schema.String),
  heroImage: Schema.String,
});

/** Brand theme: logo, colours and per-route background images. spec §3 Shop config shopTheme. */
export const ShopTheme = Schema.Struct({
  logo: Schema.String,
  primaryColor: Schema.String,
  backgrounds: Schema.optional(Schema.Record(Schema.String, Schema.String)),
});

/** A shipping country row: countrycode (ISO 3166 alpha-2), countryname, deliverytype, price (euros -> cents; 0 = not shippable). spec §3, §9. */
export const ShippingCountry = Schema.Struct({
  countrycode: Schema.String,
  countryname: Schema.String,
  deliverytype: Schema.String,
  price: EurosAsCents,
});
/** A decoded shipping country (price in cents). */
export type ShippingCountry = typeof ShippingCountry.Type;

/** Yes/No switches of the shop config (stepflow, upsell). spec §3. */
export const YesNo = Schema.Literals(["Yes", "No"]);

/**
 * One configured upsell tile (spec §3 Shop config upsellProducts): the product, its type, the tile's name and whether
 * it is highlighted; listed tiles are the shop's upsell offers in order.
 */
export const UpsellProductSetting = Schema.Struct({
  id: Schema.String,
  type: Schema.String,
  tileName: Schema.optional(Schema.String),
  highLighted: Schema.optional(Schema.Boolean),
});
/** A decoded upsell tile setting. */
export type UpsellProductSetting = typeof UpsellProductSetting.Type;

/** One option of an upgrade: a product of type upgrade (GET /products in upgrade mode lists it with its price) and its label. spec §3 upgradableOrder upgradeOptions. */
export const UpgradeOption = Schema.Struct({
  productId: Schema.String,
  title: Schema.String,
  description: Schema.optional(Schema.String),
});
/** A decoded upgrade option. */
export type UpgradeOption = typeof UpgradeOption.Type;

/** One upgrade of the order (e.g. of its weekend tickets): its title and the options the visitor chooses one of. spec §3 upgradableOrder upgrades. */
export const Upgrade = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  description: Schema.optional(Schema.String),
  upgradeOptions: Schema.Array(UpgradeOption),
});
/** A decoded upgrade. */
export type Upgrade = typeof Upgrade.Type;

/**
 * The upgradable order of GET /shop in upgrade mode (spec §3 Shop config upgradableOrder, §6): skipped steps, upgrades
 * and their options, the discount (cents), booking protection and the membership discount.
 */
export const UpgradableOrder = Schema.Struct({
  skipTravel: Schema.optional(Schema.Boolean),
  skipBus: Schema.optional(Schema.Boolean),
  upgrades: Schema.optional(Schema.Array(Upgrade)),
  discount: Schema.optional(Schema.Struct({ priceAmount: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)) })),
  bookingProtect: Schema.optional(Schema.Struct({ currentOrder: Schema.Boolean })),
  unlockMembershipDiscount: Schema.optional(Schema.Boolean),
  hasMembershipDiscount: Schema.optional(Schema.Boolean),
  checkoutText: Schema.optional(Schema.String),
  upgradeText: Schema.optional(Schema.String),
});
/** A decoded upgradable order (discount in cents). */
export type UpgradableOrder = typeof UpgradableOrder.Type;

/**
 * The shop configuration as GET /shop answers it (spec §3 Shop config): identity, modes, limits and fees
 * (orderServiceFee in euros -> cents), shopInit {isAddOnShop, paymentProvider}, shopSettings, shipping table.
 */
export const ShopConfig = Schema.Struct({
  slug: Schema.String,
  shopToken: Schema.String,
  apiNamespace: Schema.String,
  title: Schema.String,
  titleFull: Schema.String,
  brand: Schema.String,
  festivalData: FestivalData,
  shopTheme: ShopTheme,
  previewMode: Schema.Boolean,
  previewModusCopy: Schema.optional(Schema.Struct({ title: Schema.String, body: Schema.String })),
  preregistration: Schema.Boolean,
  stepflow: YesNo,
  upsell: YesNo,
  /** The upsell tiles in order (spec §3 upsellProducts); absent: the products flagged isUpsell, in catalogue order. */
  upsellProducts: Schema.optional(Schema.Array(UpsellProductSetting)),
  useStepper: Schema.Boolean,
  showDetailedServiceFees: Schema.Boolean,
  showCovidTerms: Schema.Boolean,
  disableRefund: Schema.Boolean,
  maxTicketAmount: Schema.Int,
  orderServiceFee: EurosAsCents,
  /** Pre-registration wishlist fee (euros on the wire, cents inside), added to the wishlist's total (spec §3 Shop config, §9). */
  orderServiceFeeWishlist: Schema.optional(EurosAsCents),
  /** Travel API id of the event's hotel packages (spec §3 Shop config apiTravelId); absent when the shop sells no travel. */
  apiTravelId: Schema.optional(Schema.String),
  /** Travel sale mode (spec §3 modes). */
  travelsale: Schema.optional(Schema.Boolean),
  /** Member sale mode: with single sign-on a visitor must log in (spec §2 Route guards, §3 modes). */
  membersale: Schema.optional(Schema.Boolean),
  /** With single sign-on a visitor must log in to shop here (spec §3 modes, §6 "Login is required when ... loginRequired"). */
  loginRequired: Schema.optional(Schema.Boolean),
  /** Only an account with a membership may shop here: login required, and a logged-in account without one gets 6005 (spec §3 modes, §6, §8 6005). */
  membershipRequired: Schema.optional(Schema.Boolean),
  /** The hero takes the whole viewport height and no gradient is drawn (spec §2 Header, §3 modes). */
  disableBackgroundGradient: Schema.optional(Schema.Boolean),
  /** The save-time login modal may show on the shop's non-index routes to an anonymous visitor (spec §2 Other layers, §3 showSaveTimeModal, §4; domain showsSaveTimeModal). Absent: off. */
  showSaveTimeModal: Schema.optional(Schema.Boolean),
  /** Queue address; when set the payment queue is on and POST /carts carries paymentQueueToken (spec §7). */
  queueUrl: Schema.optional(Schema.String),
  /** Confirmed orders one e-mail address may place in this shop; at the limit checkout answers validation.max.orders.per.account (spec §6, §8 8001). Absent: no limit. */
  maxOrdersPerAccount: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
  /** How many times a cart's hold may be extended by "More time" (WCAG 2.2.1; domain hold-extension.ts maxHoldExtensions). Absent: DEFAULT_MAX_HOLD_EXTENSIONS (10); 0: never. */
  maxHoldExtensions: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
  /** Brand key for analytics items (spec §3 ossBrand). */
  ossBrand: Schema.optional(Schema.String),
  /** Tag manager container id; the tag manager script loads only when it is set (spec §7 Analytics). */
  tagManagerId: Schema.optional(Schema.String),
  shopInit: Schema.Struct({ isAddOnShop: Schema.Boolean, paymentProvider: PaymentProviderName }),
  shopSettings: Schema.Struct({
    fields: Schema.Struct({
      ageRequirements: Schema.optional(Schema.String),
      ageRequirementsError: Schema.optional(Schema.String),
      /** Extra-ticket groups: ticket ids sharing one maxQuantity (spec §3 shopSettings, §5 Quantities allowedExtraTickets). */
      allowedExtraTickets: Schema.optional(Schema.Array(Schema.Struct({ ticketIds: Schema.Array(Schema.String), maxQuantity: Schema.Int }))),
    }),
    termsConditions: Schema.String,
    privacyPolicy: Schema.String,
    /** Policy id sent as the x-policy-id header (spec §3 shopSettings, §7 Headers). */
    policyId: Schema.optional(Schema.String),
  }),
  shippingCountries: Schema.Array(ShippingCountry),
  /** The upgradable order in upgrade mode (spec §3 Shop config upgradableOrder); absent otherwise. */
  upgradableOrder: Schema.optional(UpgradableOrder),
  customTranslations: Schema.optional(Schema.Record(Schema.String, Schema.Record(Schema.String, Schema.String))),
});
/** A decoded shop configuration (money in cents). */
export type ShopConfig = typeof ShopConfig.Type;
/** The shop configuration on the wire (money in euros). */
export type ShopConfigEncoded = typeof ShopConfig.Encoded;

/**
 * A shop as the event chooser lists it (GET /shops): the identity a client needs to address the Shop API
 * for that event (apiNamespace, shopToken). spec §2 index route.
 */
export const ShopSummary = Schema.Struct({
  slug: Schema.String,
  title: Schema.String,
  titleFull: Schema.String,
  apiNamespace: Schema.String,
  shopToken: Schema.String,
  previewMode: Schema.Boolean,
  festivalData: FestivalData,
  logo: Schema.String,
});
/** A decoded shop summary. */
export type ShopSummary = typeof ShopSummary.Type;
