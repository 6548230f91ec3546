import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import type { Upgrade, UpgradableOrder } from "../../domain/shop.schema.ts";
import { bookingProtectAvailable, chosenUpgradeOption, isUpgradeChoiceMade, listedProducts, upgradeChoiceChanges } from "../../domain/upgrade-choice.ts";
import { readUpgradeLink } from "../../domain/upgrade.ts";

const ID_CHARS = "ABCXYZabcxyz0189_-".split("");
/** A well-formed upgrade link id: 1-64 of A-Z a-z 0-9 _ -. */
const goodId = fc.string({ unit: fc.constantFrom(...ID_CHARS), minLength: 1, maxLength: 64 });
/** An ill-formed id: empty, too long, or with a character outside the set. */
const badId = fc.oneof(
  fc.constant(""),
  fc.string({ unit: fc.constantFrom(...ID_CHARS), minLength: 65, maxLength: 80 }),
  fc.tuple(goodId, fc.constantFrom(" ", "/", "?", "é", ".", "%"), goodId).map(([a, c, b]) => `${a}${c}${b}`),
);
const link = (orderId: string | null, accessId: string | null) => {
  const q = new URLSearchParams();
  if (orderId !== null) q.set("idt_oss_order_id", orderId);
  if (accessId !== null) q.set("access_id", accessId);
  return `?${q.toString()}`;
};

/** An upgrade with 1-4 distinct option product ids. */
const anUpgrade: fc.Arbitrary<Upgrade> = fc
  .uniqueArray(fc.constantFrom("u1", "u2", "u3", "u4", "u5"), { minLength: 1, maxLength: 4 })
  .map((ids) => ({ id: "g", title: "Upgrade", upgradeOptions: ids.map((productId) => ({ productId, title: productId })) }));
/** A cart holding some of u1..u5 and a ticket, quantities 0-2. */
const aCart = fc.dictionary(fc.constantFrom("u1", "u2", "u3", "u4", "u5", "ticket"), fc.integer({ min: 0, max: 2 }));
const apply = (cart: Readonly<Record<string, number>>, changes: ReadonlyArray<{ productId: string; quantity: number }>) =>
  changes.reduce<Record<string, number>>((c, { productId, quantity }) => ({ ...c, [productId]: quantity }), { ...cart });

describe("upgrade link (spec §2 redirect links, §8 4005/4006)", () => {
  test.prop([goodId, goodId])("reads well-formed order and access ids as a valid link", (orderId, accessId) => {
    expect(readUpgradeLink(link(orderId, accessId))).toEqual({ _tag: "Valid", ids: { orderId, accessId } });
  });

  test.prop([fc.option(badId, { nil: null }), fc.option(fc.oneof(goodId, badId), { nil: null })])("answers 4005 whenever the order id is missing or ill-formed", (orderId, accessId) => {
    fc.pre(orderId !== null || accessId !== null);
    expect(readUpgradeLink(link(orderId, accessId))).toEqual({ _tag: "Invalid", code: 4005 });
  });

  test.prop([goodId, fc.option(badId, { nil: null })])("answers 4006 for a good order id with a missing or ill-formed access id", (orderId, accessId) => {
    expect(readUpgradeLink(link(orderId, accessId))).toEqual({ _tag: "Invalid", code: 4006 });
  });

  it("is no upgrade link at all without both parameters", () => {
    expect(readUpgradeLink("?route=tickets&slug=lowlands-lights")).toEqual({ _tag: "None" });
    expect(readUpgradeLink("")).toEqual({ _tag: "None" });
  });
});

describe("upgrade choice (spec §2 Next disabled until an upgrade choice is made)", () => {
  test.prop([anUpgrade, aCart, fc.nat()])("after its changes the cart holds exactly the chosen option of the upgrade, once", (upgrade, cart, pick) => {
    const chosen = upgrade.upgradeOptions[pick % upgrade.upgradeOptions.length]!.productId;
    const after = apply(cart, upgradeChoiceChanges(upgrade, chosen, cart));
    const held = upgrade.upgradeOptions.filter((o) => (after[o.productId] ?? 0) > 0).map((o) => o.productId);
    expect(held).toEqual([chosen]);
    expect(after[chosen]).toBe(1);
    expect(chosenUpgradeOption(upgrade, after)).toBe(chosen);
    expect(after["ticket"]).toBe(cart["ticket"]);
  });

  test.prop([anUpgrade, aCart, fc.nat()])("adds the chosen option before taking others out, and repeating the choice changes nothing", (upgrade, cart, pick) => {
    const chosen = upgrade.upgradeOptions[pick % upgrade.upgradeOptions.length]!.productId;
    const changes = upgradeChoiceChanges(upgrade, chosen, cart);
    const adds = changes.filter((c) => c.quantity > 0);
    expect(adds.length).toBeLessThanOrEqual(1);
    if (adds.length === 1) expect(changes[0]).toEqual({ productId: chosen, quantity: 1 });
    expect(upgradeChoiceChanges(upgrade, chosen, apply(cart, changes))).toEqual([]);
  });

  test.prop([anUpgrade, aCart])("changes nothing for a product that is no option of the upgrade", (upgrade, cart) => {
    expect(upgradeChoiceChanges(upgrade, "ticket", cart)).toEqual([]);
  });

  test.prop([fc.array(anUpgrade, { maxLength: 3 }), aCart])("a choice is made exactly when the cart holds an option of some upgrade", (upgrades, cart) => {
    const order: UpgradableOrder = { upgrades };
    const expected = upgrades.some((u) => u.upgradeOptions.some((o) => (cart[o.productId] ?? 0) > 0));
    expect(isUpgradeChoiceMade(order, cart)).toBe(expected);
    expect(isUpgradeChoiceMade(undefined, cart)).toBe(false);
  });
});

describe("upgrade products and booking protect (spec §1, §3 upgradableOrder, §8 form_no_insurance_choice)", () => {
  const products = [
    { id: "t", type: "ticket" as const },
    { id: "u1", type: "upgrade" as const },
    { id: "u2", type: "upgrade" as const },
  ];
  test.prop([fc.option(fc.array(anUpgrade, { maxLength: 2 }), { nil: undefined })])("lists every non-upgrade product, and upgrade products only as options of the order", (upgrades) => {
    const order = upgrades === undefined ? undefined : { upgrades };
    const listed = listedProducts(products, order).map((p) => p.id);
    expect(listed).toContain("t");
    const options = new Set((upgrades ?? []).flatMap((u) => u.upgradeOptions.map((o) => o.productId)));
    for (const id of ["u1", "u2"]) expect(listed.includes(id)).toBe(options.has(id));
  });

  it("offers booking protect only when the upgradable order has it", () => {
    expect(bookingProtectAvailable({ bookingProtect: { currentOrder: false } })).toBe(true);
    expect(bookingProtectAvailable({})).toBe(false);
    expect(bookingProtectAvailable(undefined)).toBe(false);
  });
});

describe("upgrade link from parsed parameters or an odd query string", () => {
  it("reads URLSearchParams as they are and strips one leading question mark of a string", () => {
    expect(readUpgradeLink(new URLSearchParams({ idt_oss_order_id: "o1", access_id: "a1" }))).toEqual({ _tag: "Valid", ids: { orderId: "o1", accessId: "a1" } });
    expect(readUpgradeLink("??idt_oss_order_id=o1&access_id=a1")).toEqual({ _tag: "Valid", ids: { orderId: "o1", accessId: "a1" } });
    expect(readUpgradeLink("idt_oss_order_id=o1&access_id=a1")).toEqual({ _tag: "Valid", ids: { orderId: "o1", accessId: "a1" } });
    expect(readUpgradeLink("idt_oss_order_id=o1&access_id=a1?")).toEqual({ _tag: "Invalid", code: 4006 });
  });
});
