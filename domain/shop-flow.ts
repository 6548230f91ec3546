import { isTravelPurchase } from "./order-lookup.ts";
import type { ProductType } from "./product.schema.ts";
import type { SaleModeRules } from "./sale-mode.ts";

/** A step route of the shop flow (spec §2 Routes). */
export type ShopStep =
  | "upgrade"
  | "membership"
  | "tickets"
  | "packages"
  | "travel"
  | "traveladdon"
  | "transportation"
  | "comparetransport"
  | "merchandise"
  | "extras";

/** The final step of every flow (progress bar, bottom navigation). spec §2 Header. */
export const CHECKOUT_STEP = "checkout";
/** A flow position: a step or the final checkout. */
export type FlowStep = ShopStep | typeof CHECKOUT_STEP;

/**
 * Default order of the steps, following the basket's group order (upgrades, memberships, tickets, travel,
 * add-ons, transportation, merchandise, extras, compare-transport) with packages next to tickets and
 * comparetransport beside transportation. spec §2 Routes, Basket screen.
 */
export const DEFAULT_STEP_ORDER: ReadonlyArray<ShopStep> = [
  "upgrade",
  "membership",
  "tickets",
  "packages",
  "travel",
  "traveladdon",
  "transportation",
  "comparetransport",
  "merchandise",
  "extras",
];

/** Product types that give a step content (used when the cart has a policy). spec §2 Route guards, §3 Types. */
export const STEP_PRODUCT_TYPES: Readonly<Record<ShopStep, ReadonlyArray<ProductType>>> = {
  upgrade: ["upgrade"],
  membership: ["membership"],
  tickets: ["ticket"],
  packages: ["travel", "hotel"],
  travel: ["travel", "hotel"],
  traveladdon: ["traveladdon"],
  transportation: ["transportation", "bus_travel"],
  comparetransport: ["comparetransport"],
  merchandise: ["merchandise"],
  extras: ["extras", "addons"],
};

/** Inputs of the flow: configured steps, upgradable-order skips, previous purchases, and the policy filter. spec §2. */
export interface FlowInput {
  /** The shop's steps (shopRoutingFlow); defaults to DEFAULT_STEP_ORDER. Unknown order is kept as given. */
  readonly steps?: ReadonlyArray<ShopStep>;
  readonly skipTravel?: boolean;
  readonly skipBus?: boolean;
  /** Purchases of all previous orders (empty when none). */
  readonly previousPurchases?: ReadonlyArray<{ readonly title: string }>;
  /** True when the cart has a policy: steps without products of their type are dropped. */
  readonly hasPolicy?: boolean;
  /** Types of the products on sale (needed with hasPolicy). */
  readonly productTypes?: ReadonlyArray<ProductType>;
}

/**
 * The ordered step list without checkout (spec §2 Route guards): skipTravel and skipBus drop steps, travel or
 * traveladdon by earlier travel purchases, and with a policy the steps without products.
 */
export const buildShopFlow = (input: FlowInput): ReadonlyArray<ShopStep> => {
  const steps = [...new Set(input.steps ?? DEFAULT_STEP_ORDER)];
  const hadTravel = (input.previousPurchases ?? []).some(isTravelPurchase);
  // Stryker disable next-line ArrayDeclaration: a fallback element that is no product type matches no step, just like []
  const types = new Set(input.productTypes ?? []);
  return steps.filter((step) => {
    if (input.skipTravel && (step === "travel" || step === "traveladdon")) return false;
    if (input.skipBus && step === "transportation") return false;
    if (step === "travel" && hadTravel) return false;
    if (step === "traveladdon" && !hadTravel) return false;
    if (input.hasPolicy && !STEP_PRODUCT_TYPES[step].some((t) => types.has(t))) return false;
    return true;
  });
};

/** The progress-bar steps: the flow plus the final Checkout step. spec §2 Header. */
export const progressSteps = (flow: ReadonlyArray<ShopStep>): ReadonlyArray<FlowStep> => [...flow, CHECKOUT_STEP];

/** Step after `current` in the flow: the next step, or checkout after the last step (or when current is not in the flow). spec §2 bottom navigation. */
export const nextStep = (flow: ReadonlyArray<ShopStep>, current: FlowStep): FlowStep => {
  if (current === CHECKOUT_STEP) return CHECKOUT_STEP;
  const i = flow.indexOf(current);
  return i < 0 ? (flow[0] ?? CHECKOUT_STEP) : (flow[i + 1] ?? CHECKOUT_STEP);
};

/** Step before `current`: the previous flow step, the last step from checkout, or null (the overview) from the first. spec §2. */
export const previousStep = (flow: ReadonlyArray<ShopStep>, current: FlowStep): ShopStep | null => {
  if (current === CHECKOUT_STEP) return flow[flow.length - 1] ?? null;
  const i = flow.indexOf(current);
  return i <= 0 ? null : flow[i - 1]!;
};

/** True when `step` lies before `current` in the progress steps (completed). spec §2 Header. */
export const isStepCompleted = (flow: ReadonlyArray<ShopStep>, step: FlowStep, current: FlowStep): boolean => {
  const all = progressSteps(flow);
  const s = all.indexOf(step);
  const c = all.indexOf(current);
  return s >= 0 && c >= 0 && s < c;
};

/** True when `current` is the last step of the flow (the Next button reads Go to checkout / Go to wishlist). spec §2. */
export const isLastStep = (flow: ReadonlyArray<ShopStep>, current: FlowStep): boolean =>
  flow.length > 0 && flow[flow.length - 1] === current;

/** Label key of a button to the cart: go_to_wishlist where the cart is a wishlist (pre-registration), else go_to_checkout. spec §2. */
export const goToCheckoutKey = (rules: Pick<SaleModeRules, "order">): "nav.go_to_wishlist" | "nav.go_to_checkout" =>
  rules.order === "wishlist" ? "nav.go_to_wishlist" : "nav.go_to_checkout";

/** Label key of the bottom bar's forward button: goToCheckoutKey on the last step, else next. spec §2. */
export const nextButtonKey = (flow: ReadonlyArray<ShopStep>, current: FlowStep, rules: Pick<SaleModeRules, "order">): string =>
  isLastStep(flow, current) ? goToCheckoutKey(rules) : "nav.next";

/** Next is disabled on the upgrade route until an upgrade choice is made, and while a shop update is pending. spec §2. */
export const isNextDisabled = (current: FlowStep, upgradeChoiceMade: boolean, updatePending: boolean): boolean =>
  updatePending || (current === "upgrade" && !upgradeChoiceMade);

/**
 * Whether the bottom bar shows (spec §2): with stepflow Yes on the flow's steps and on checkout; never on the index,
 * overview, payment status or routes outside the flow.
 */
export const showBottomNav = (stepflow: "Yes" | "No", route: { readonly step: string | null }, flow: ReadonlyArray<ShopStep>): boolean => {
  if (stepflow !== "Yes" || route.step === null) return false;
  if (route.step === CHECKOUT_STEP) return true;
  const step = route.step === "transport" ? "transportation" : route.step;
  return (flow as ReadonlyArray<string>).includes(step);
};

/** The product type a detail route shows (spec §2 Routes /{slug}/tickets/{id} and /{slug}/extras/{id}); any other product id there is the 404 page. */
export const DETAIL_PRODUCT_TYPES: Readonly<Record<"tickets" | "extras", ProductType>> = { tickets: "ticket", extras: "extras" };

/** A parsed shop path "/{slug}/{step}/{detail...}"; slug and step are null on the index, step null on the slug page. */
export interface ShopPath {
  readonly slug: string | null;
  readonly step: string | null;
  readonly detail: string | null;
}

/** Variants of a list route that are not detail routes: transportation/{eu,nl}, comparetransport/{eu,nl}. spec §2 Routes. */
const VARIANTS: Readonly<Record<string, ReadonlyArray<string>>> = {
  transportation: ["eu", "nl"],
  comparetransport: ["eu", "nl"],
};

/** Parses a pathname (query and hash ignored) into slug, step and detail (the rest of the path). spec §2 Routes. */
export const parseShopPath = (pathname: string): ShopPath => {
  const parts = pathname.split(/[?#]/)[0]!.split("/").filter((p) => p !== "");
  return { slug: parts[0] ?? null, step: parts[1] ?? null, detail: parts.length > 2 ? parts.slice(2).join("/") : null };
};

/** True when the path is a detail route (tickets/{id}, travel/{detail}, extras/{id}, comparetransport/detail ...), not a variant. spec §2. */
export const isDetailRoute = (path: ShopPath): boolean =>
  // Stryker disable next-line ArrayDeclaration: a step without variants has none, and a fallback element that is no real detail changes nothing
  path.step !== null && path.detail !== null && !(VARIANTS[path.step] ?? []).includes(path.detail);

/**
 * Back target of a route: a detail route goes back to its parent list "/{slug}/{step}"; a step goes to the
 * previous flow step, or to "/{slug}" from the first step and from non-flow steps. spec §2 bottom navigation.
 */
export const backTarget = (flow: ReadonlyArray<ShopStep>, pathname: string): string => {
  const path = parseShopPath(pathname);
  if (path.slug === null) return "/";
  if (path.step === null) return `/${path.slug}`;
  if (isDetailRoute(path)) return `/${path.slug}/${path.step}`;
  // previousStep gives null for steps outside the flow (register, paymentstatus...), which go to the overview.
  const prev = previousStep(flow, path.step as FlowStep);
  return prev === null ? `/${path.slug}` : `/${path.slug}/${prev}`;
};

/** Route of a step (or checkout) in a shop: "/{slug}/{step}". spec §2 Routes. */
export const stepPath = (slug: string, step: FlowStep): string => `/${slug}/${step}`;
