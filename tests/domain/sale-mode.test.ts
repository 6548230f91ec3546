import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import {
  cartTimeoutSecondsOf,
  membershipMissing,
  mustRedirectToLogin,
  PREREGISTRATION_CART_TIMEOUT,
  SALE_MODE_RULES,
  type SaleLogin,
  type SaleMode,
  type SaleModeRules,
  saleModeOf,
  saleOf,
  summaryPreviewOf,
} from "../../domain/sale-mode.ts";
import { aShopConfigIn } from "../support/object-mother.ts";
import { saleConfigArb } from "./arbitraries.ts";

const MODES = Object.keys(SALE_MODE_RULES) as ReadonlyArray<SaleMode["_tag"]>;
const modeArb = fc.constantFrom(...MODES);
const LOGIN_RANK: Readonly<Record<SaleLogin, number>> = { none: 0, prompt: 1, account: 2 };

describe("saleModeOf (spec §1 sale modes, §3 Modes and flags)", () => {
  it.each(MODES)("derives %s from a shop config set up for it", (mode) => {
    expect(saleModeOf(aShopConfigIn(mode))).toEqual({ _tag: mode });
  });

  it("derives a regular sale from a config without any mode flag, and from a GET /shops summary", () => {
    expect(saleModeOf({})).toEqual({ _tag: "Regular" });
    expect(saleModeOf({ previewMode: false, shopInit: { isAddOnShop: false } })).toEqual({ _tag: "Regular" });
  });

  test.prop([saleConfigArb])("gives every config exactly one mode of the table", (config) => {
    expect(MODES).toContain(saleModeOf(config)._tag);
  });

  test.prop([saleConfigArb])("lets the first mode flag win: pre-registration, preview, member sale, travel sale, add-on shop, upgrade", (config) => {
    const order: ReadonlyArray<readonly [SaleMode["_tag"], boolean]> = [
      ["Preregistration", config.preregistration === true],
      ["Preview", config.previewMode === true],
      ["MemberSale", config.membersale === true],
      ["TravelSale", config.travelsale === true],
      ["AddOnShop", config.shopInit?.isAddOnShop === true],
      ["Upgrade", config.upgradableOrder !== undefined],
    ];
    expect(saleModeOf(config)._tag).toBe(order.find(([, set]) => set)?.[0] ?? "Regular");
  });

  test.prop([saleConfigArb, fc.constantFrom(undefined, "", "/queue/a")])("does not depend on the queue, which any mode may sit behind", (config, queueUrl) => {
    expect(saleModeOf({ ...config, queueUrl })).toEqual(saleModeOf(config));
  });
});

describe("SALE_MODE_RULES (spec §1, §2, §4, §6, §9)", () => {
  it("holds a pre-registration cart for 1200 s as a wishlist with a fee, without the countdown bar, for an account", () => {
    expect(PREREGISTRATION_CART_TIMEOUT).toBe(1200);
    expect(SALE_MODE_RULES.Preregistration).toEqual({
      login: "account",
      membership: false,
      order: "wishlist",
      cartTimeoutSeconds: 1200,
      countdown: false,
      timesUpCode: 6002,
      wishlistFee: true,
    });
  });

  it("asks a membership in a member sale, an account in a travel sale, a login prompt in an add-on shop, nothing in a regular sale", () => {
    expect(SALE_MODE_RULES.MemberSale).toMatchObject({ login: "account", membership: true, order: "taken" });
    expect(SALE_MODE_RULES.TravelSale).toMatchObject({ login: "account", membership: false, order: "taken" });
    expect(SALE_MODE_RULES.AddOnShop).toMatchObject({ login: "prompt", membership: false, order: "taken" });
    expect(SALE_MODE_RULES.Regular).toEqual({ login: "none", membership: false, order: "taken", cartTimeoutSeconds: "server", countdown: true, timesUpCode: 6002, wishlistFee: false });
  });

  it("takes no order in a preview, and says 4004 when an upgrade's time is up", () => {
    expect(SALE_MODE_RULES.Preview).toMatchObject({ order: "none", login: "none", countdown: true });
    expect(SALE_MODE_RULES.Upgrade).toMatchObject({ order: "taken", timesUpCode: 4004 });
  });

  test.prop([modeArb])("asks a membership only of an account, and a wishlist fee only of a wishlist", (mode) => {
    const rules: SaleModeRules = SALE_MODE_RULES[mode];
    if (rules.membership) expect(rules.login).toBe("account");
    if (rules.wishlistFee) expect(rules.order).toBe("wishlist");
    expect(rules.timesUpCode === 4004).toBe(mode === "Upgrade");
  });

  it("does not compile without a row for every sale mode", () => {
    const { Upgrade: _upgrade, ...withoutUpgrade } = SALE_MODE_RULES;
    // @ts-expect-error a table missing the Upgrade row is no Record<SaleMode["_tag"], SaleModeRules>
    const incomplete = withoutUpgrade satisfies Record<SaleMode["_tag"], SaleModeRules>;
    expect(Object.keys(incomplete)).toHaveLength(MODES.length - 1);
  });
});

describe("saleOf: the shop's sale (spec §3 Shop config, §6)", () => {
  test.prop([saleConfigArb])("applies its mode's row, login and membership raised by loginRequired and membershipRequired", (config) => {
    const { mode, rules } = saleOf(config);
    const row: SaleModeRules = SALE_MODE_RULES[mode._tag];
    expect(rules).toEqual({ ...row, login: rules.login, membership: rules.membership });
    expect(rules.membership).toBe(row.membership || config.membershipRequired === true);
    expect(LOGIN_RANK[rules.login]).toBeGreaterThanOrEqual(LOGIN_RANK[row.login]);
    if (config.loginRequired || config.membershipRequired) expect(rules.login).toBe("account");
    else expect(rules.login).toBe(row.login);
  });

  test.prop([saleConfigArb])("asks a membership only of an account", (config) => {
    const { rules } = saleOf(config);
    if (rules.membership) expect(rules.login).toBe("account");
  });

  test.prop([saleConfigArb])("takes no order exactly in a pre-registration or a preview, whatever else is set", (config) => {
    const { rules } = saleOf(config);
    expect(rules.order === "taken").toBe(!config.preregistration && !config.previewMode);
    expect(rules.order === "wishlist").toBe(config.preregistration === true);
  });

  test.prop([saleConfigArb])("needs an account wherever a member sale, travel sale, pre-registration or loginRequired or membershipRequired decides the sale", (config) => {
    const { mode, rules } = saleOf(config);
    const accountModes: ReadonlyArray<SaleMode["_tag"]> = ["MemberSale", "TravelSale", "Preregistration"];
    expect(rules.login === "account").toBe(accountModes.includes(mode._tag) || config.loginRequired === true || config.membershipRequired === true);
  });

  test.prop([saleConfigArb])("puts the shop behind its queue exactly when it has a queue address", (config) => {
    expect(saleOf(config).queue).toEqual(config.queueUrl ? { _tag: "Queue", url: config.queueUrl } : { _tag: "NoQueue" });
  });

  it("keeps a member sale behind a queue, and a preview behind one, as the demo shops have them", () => {
    expect(saleOf({ membersale: true, queueUrl: "/queue/members" })).toMatchObject({ mode: { _tag: "MemberSale" }, queue: { _tag: "Queue", url: "/queue/members" } });
    expect(saleOf({ previewMode: true, queueUrl: "/queue/northern-nights" })).toMatchObject({ mode: { _tag: "Preview" }, rules: { order: "none" }, queue: { _tag: "Queue" } });
  });

  test.prop([saleConfigArb])("tells the event chooser a shop is in preview exactly when its config says so", (config) => {
    expect(summaryPreviewOf(config)).toEqual({ previewMode: config.previewMode === true });
  });
});

describe("cartTimeoutSecondsOf (spec §3 Cart, §9)", () => {
  test.prop([modeArb, fc.integer({ min: 1, max: 7200 })])("holds a cart for the mode's own timeout, else for the server's", (mode, server) => {
    const own = SALE_MODE_RULES[mode].cartTimeoutSeconds;
    expect(cartTimeoutSecondsOf(SALE_MODE_RULES[mode], server)).toBe(own === "server" ? server : own);
  });

  it("holds a pre-registration cart 1200 s and a regular one the server's timeout", () => {
    expect(cartTimeoutSecondsOf(saleOf(aShopConfigIn("Preregistration")).rules, 900)).toBe(1200);
    expect(cartTimeoutSecondsOf(saleOf(aShopConfigIn("Regular")).rules, 900)).toBe(900);
  });
});

describe("login guard (spec §2 Route guards, §6)", () => {
  test.prop([saleConfigArb, fc.boolean(), fc.boolean(), fc.constantFrom("/login", "/dgtl", "/dgtl/tickets", "/login/", "/dgtl/login")])(
    "redirects to /login only where the sale asks a login, single sign-on is ready, nobody is logged in and the page is not /login",
    (config, ssoInitialised, loggedIn, pathname) => {
      const { rules } = saleOf(config);
      const onLogin = pathname.replace(/\/+$/, "") === "/login";
      expect(mustRedirectToLogin({ rules, ssoInitialised, loggedIn, pathname })).toBe(rules.login !== "none" && ssoInitialised && !loggedIn && !onLogin);
    },
  );

  it("redirects in a member sale, a travel sale, a pre-registration, an add-on shop and with loginRequired; not in a regular sale, preview or upgrade", () => {
    const redirects = (config: Parameters<typeof saleOf>[0]) => mustRedirectToLogin({ rules: saleOf(config).rules, ssoInitialised: true, loggedIn: false, pathname: "/dgtl" });
    for (const mode of ["MemberSale", "TravelSale", "Preregistration", "AddOnShop"] as const) expect(redirects(aShopConfigIn(mode))).toBe(true);
    for (const mode of ["Regular", "Preview", "Upgrade"] as const) expect(redirects(aShopConfigIn(mode))).toBe(false);
    expect(redirects({ loginRequired: true })).toBe(true);
    expect(mustRedirectToLogin({ rules: { login: "account" }, ssoInitialised: true, loggedIn: false, pathname: "/login//" })).toBe(false);
  });
});

describe("membership needed (spec §6, §8 6005)", () => {
  test.prop([saleConfigArb, fc.boolean(), fc.integer({ min: -1, max: 5 })])(
    "holds only where the sale asks a membership, for a logged-in account whose membership is not active",
    (config, loggedIn, membershipStatus) => {
      const { rules } = saleOf(config);
      expect(membershipMissing({ rules, loggedIn, membershipStatus })).toBe(rules.membership && loggedIn && membershipStatus < 1);
    },
  );

  it("lets a member (status 1) shop in a member sale and stops an account without a membership (status 0)", () => {
    const member = saleOf(aShopConfigIn("MemberSale")).rules;
    expect(membershipMissing({ rules: member, loggedIn: true, membershipStatus: 1 })).toBe(false);
    expect(membershipMissing({ rules: member, loggedIn: true, membershipStatus: 0 })).toBe(true);
    expect(membershipMissing({ rules: saleOf({ membershipRequired: true }).rules, loggedIn: true, membershipStatus: 0 })).toBe(true);
    expect(membershipMissing({ rules: saleOf({}).rules, loggedIn: true, membershipStatus: 0 })).toBe(false);
  });
});
