import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { cartAccess, membershipLineRefused, orderAccountOf, sameAccount } from "../../domain/account-gates.ts";
import type { SaleLogin } from "../../domain/sale-mode.ts";

const logins = fc.constantFrom<SaleLogin>("account", "prompt", "none");
const account = fc.record({ issuer: fc.constantFrom("https://id.example.test", "http://localhost:3000/oidc"), sub: fc.constantFrom("acc-anna", "acc-sam", "acc-lucia") });
const maybeAccount = fc.option(account, { nil: null });

describe("cartAccess (spec §6)", () => {
  test.prop([logins, maybeAccount, maybeAccount])("an anonymous call is refused only where the sale needs an account; an account only on another account's cart", (login, owner, caller) => {
    const access = cartAccess({ login }, owner, caller);
    if (caller === null) expect(access).toBe(login === "account" ? "login" : "allowed");
    else expect(access).toBe(owner !== null && !sameAccount(owner, caller) ? "other-account" : "allowed");
  });

  test.prop([logins, account])("the owner may always call its own cart", (login, owner) => {
    expect(cartAccess({ login }, owner, { ...owner })).toBe("allowed");
  });
});

describe("membershipLineRefused: one membership per account (spec §6, §8 3005)", () => {
  const holdings = fc.option(fc.record({ membershipStatus: fc.integer({ min: 0, max: 3 }), heldElsewhere: fc.integer({ min: 0, max: 3 }) }), { nil: undefined });

  test.prop([fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 3 }), holdings])("refuses exactly a quantity above 1, or a membership beside any other one", (quantity, otherLinesInCart, account) => {
    const refused = membershipLineRefused({ quantity, otherLinesInCart, ...(account ? { account } : {}) });
    const elsewhere = otherLinesInCart > 0 || (account !== undefined && (account.membershipStatus >= 1 || account.heldElsewhere > 0));
    expect(refused).toBe(quantity > 1 || (quantity === 1 && elsewhere));
  });

  test.prop([fc.integer({ min: 0, max: 3 }), holdings])("always lets a membership be removed", (otherLinesInCart, account) => {
    expect(membershipLineRefused({ quantity: 0, otherLinesInCart, ...(account ? { account } : {}) })).toBe(false);
  });

  it("lets an account without membership take its one membership", () => {
    expect(membershipLineRefused({ quantity: 1, otherLinesInCart: 0, account: { membershipStatus: 0, heldElsewhere: 0 } })).toBe(false);
  });
});

describe("orderAccountOf: whose orders count against maxOrdersPerAccount (spec §6, §8 8001)", () => {
  const spaced = fc.tuple(fc.constantFrom("", " ", "  ", "\t"), fc.constantFrom("Lisa@Example.com", "lisa@example.com", "LISA@EXAMPLE.COM"), fc.constantFrom("", " ", "\n"));

  test.prop([spaced, spaced])("counts one e-mail trimmed and case-insensitively", ([a1, e1, b1], [a2, e2, b2]) => {
    expect(orderAccountOf(null, a1 + e1 + b1)).toEqual(orderAccountOf(null, a2 + e2 + b2));
    expect(orderAccountOf(null, a1 + e1 + b1)).toEqual({ kind: "email", email: "lisa@example.com" });
  });

  test.prop([account, fc.option(fc.string(), { nil: undefined })])("counts by the cart's account whenever it has one, whatever the e-mail", (owner, email) => {
    expect(orderAccountOf(owner, email)).toEqual({ kind: "account", account: owner });
  });

  it("counts nobody without account and e-mail", () => {
    expect(orderAccountOf(null, undefined)).toBeNull();
    expect(orderAccountOf(null, "   ")).toBeNull();
  });
});

describe("cartAccess of an anonymous call in a shop without login", () => {
  it("is allowed on an anonymous cart and on an owned one, also where the web app only prompts a login (add-on shop)", () => {
    expect(cartAccess({ login: "none" }, null, null)).toBe("allowed");
    expect(cartAccess({ login: "prompt" }, { issuer: "https://id.example.test", sub: "acc-anna" }, null)).toBe("allowed");
    expect(cartAccess({ login: "account" }, null, null)).toBe("login");
  });
});

describe("sameAccount and the membership rule at their edges", () => {
  const anna = { issuer: "https://id.example.test", sub: "acc-anna" };

  it("names one account only by the same issuer and the same subject", () => {
    expect(sameAccount(anna, { ...anna })).toBe(true);
    expect(sameAccount(anna, { ...anna, sub: "acc-sam" })).toBe(false);
    expect(sameAccount(anna, { ...anna, issuer: "http://localhost:3000/oidc" })).toBe(false);
    expect(sameAccount(anna, { issuer: "http://localhost:3000/oidc", sub: "acc-sam" })).toBe(false);
    expect(cartAccess({ login: "none" }, anna, { ...anna, issuer: "http://localhost:3000/oidc" })).toBe("other-account");
  });

  it("refuses a membership to an account whose membership status is 1, lets an anonymous cart take one", () => {
    expect(membershipLineRefused({ quantity: 1, otherLinesInCart: 0, account: { membershipStatus: 1, heldElsewhere: 0 } })).toBe(true);
    expect(membershipLineRefused({ quantity: 1, otherLinesInCart: 0, account: { membershipStatus: 0, heldElsewhere: 1 } })).toBe(true);
    expect(membershipLineRefused({ quantity: 1, otherLinesInCart: 1 })).toBe(true);
    expect(membershipLineRefused({ quantity: 1, otherLinesInCart: 0 })).toBe(false);
    expect(membershipLineRefused({ quantity: 2, otherLinesInCart: 0 })).toBe(true);
  });
});
