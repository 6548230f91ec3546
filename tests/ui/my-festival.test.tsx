// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Effect } from "effect";
import { afterEach, describe, expect, it } from "vitest";
import { type ApiFailure, ShopApiError } from "../../application/errors.ts";
import type { AccountApi } from "../../application/ports/account-api.port.ts";
import { ACCOUNT_API } from "../../application/ports/tokens.ts";
import type { AccountOrder, AccountOrders } from "../../domain/account-orders.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { MyFestivalRoute } from "../../ui/account/my-festival.route.tsx";
import { InMemorySingleSignOn, SSO_USER } from "../support/in-memory-platform.ts";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

/** An AccountApi fake: answers `answer` (orders or a failure) and records the tokens it was asked with. */
class FakeAccountApi implements AccountApi {
  readonly tokens: string[] = [];
  constructor(private readonly answer: AccountOrders | ApiFailure) {}
  getOrders(userToken: string) {
    this.tokens.push(userToken);
    return Array.isArray(this.answer) ? Effect.succeed(this.answer as AccountOrders) : Effect.fail(this.answer as ApiFailure);
  }
}

/** A paid Lowlands Lights order: two weekend tickets and a hotel room, with its add-on and upgrade links. */
const PAID: AccountOrder = {
  id: "0b4f8c1e-3d2a-4e6b-9c7f-1a2b3c4d5e6f",
  reference: "135792468",
  slug: "lowlands-lights",
  shopTitle: "Lowlands Lights",
  placedAt: "2027-06-01T12:00:00.000Z",
  paymentState: "paid",
  totalAmount: 65900 as Cents,
  purchases: [
    { id: "ll_ticket_weekend", type: "ticket", title: "Weekend ticket", price: 22950 as Cents, quantity: 2 },
    { id: "opt-double", type: "travel", title: "Travel: Hotel De Duinen - Double room", price: 10000 as Cents, quantity: 2 },
  ],
  addOnLink: "/lowlands-lights/traveladdon?cartToken=ct_1&orderNumber=135792468",
  upgradeLink: "/lowlands-lights/upgrade?idt_oss_order_id=LL-1&access_id=acc-1",
};
/** A recorded order without a placing time (seeded): its number, no date. */
const SEEDED: AccountOrder = { ...PAID, id: "5f0c6a2e-8b1d-4e3a-9c7f-2d4b6a8e1f03", reference: "246813579", placedAt: null, upgradeLink: null };
/** A pending member-sale order without number or links. */
const PENDING: AccountOrder = { ...PAID, id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", slug: "lowlands-members", shopTitle: "Lowlands Lights members", reference: null, paymentState: "pending", purchases: [PAID.purchases[0]!], addOnLink: null, upgradeLink: null };

/** Renders My festival with `sso` (default: logged in) and the account API answering `answer`. */
const myFestival = (answer: AccountOrders | ApiFailure, sso: InMemorySingleSignOn = Object.assign(new InMemorySingleSignOn(), { user: SSO_USER })) => {
  const accounts = new FakeAccountApi(answer);
  const view = renderInShop(<MyFestivalRoute />, { path: "/lowlands-lights/my-festival", sso, register: (di) => di.register(ACCOUNT_API, { useValue: accounts }) });
  return { ...view, accounts, sso };
};

describe("My festival (spec §6 Logged-in user)", () => {
  it("lists each order of the account with its shop, payment state, purchases, total and links, asked with the identity token", async () => {
    const { accounts } = myFestival([PAID, PENDING, SEEDED]);
    const list = await screen.findByRole("list", { name: "Your orders" });
    const [paid, pending, seeded] = within(list).getAllByRole("listitem").filter((item) => item.parentElement === list);
    expect(within(paid!).getByRole("heading", { level: 2, name: "Lowlands Lights" })).toBeTruthy();
    expect(paid?.textContent).toContain("Paid");
    expect(paid?.textContent).toContain("Order number 135792468");
    expect(paid?.textContent).toContain("Ordered on 1 June 2027");
    const purchases = within(paid!).getByRole("list", { name: "Purchases of your Lowlands Lights order" });
    expect(within(purchases).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["2 × Weekend ticket€ 459,00", "2 × Travel: Hotel De Duinen - Double room€ 200,00"]);
    expect(paid?.textContent).toContain("Total€ 659,00");
    expect(within(paid!).getByRole("link", { name: "Add extras to your Lowlands Lights order 135792468" }).getAttribute("href")).toBe(PAID.addOnLink);
    expect(within(paid!).getByRole("link", { name: "Upgrade your Lowlands Lights order 135792468" }).getAttribute("href")).toBe("/lowlands-lights/upgrade?idt_oss_order_id=LL-1&access_id=acc-1");
    expect(pending?.textContent).toContain("Payment pending");
    expect(pending?.textContent).not.toContain("Order number");
    expect(seeded?.textContent).toContain("Order number 246813579");
    expect(seeded?.textContent).not.toContain("Ordered on");
    expect(within(pending!).queryAllByRole("link")).toEqual([]);
    expect(accounts.tokens).toEqual([SSO_USER.idToken]);
  });

  it("says so when the account has no orders, with a way to the event chooser", async () => {
    myFestival([]);
    expect(await screen.findByText("You have no orders yet.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Find a festival" }).getAttribute("href")).toBe("/");
  });

  it("asks a logged-out visitor to log in, coming back to My festival, without asking the Shop API", async () => {
    const { accounts, sso } = myFestival([PAID], new InMemorySingleSignOn());
    fireEvent.click(await screen.findByRole("button", { name: "Log in" }));
    await waitFor(() => expect(sso.redirects).toEqual(["login:/my-festival"]));
    expect(accounts.tokens).toEqual([]);
    expect(screen.queryByRole("list", { name: "Your orders" })).toBeNull();
  });

  it("asks for a new login when the Shop API no longer accepts the identity token (401)", async () => {
    myFestival(new ShopApiError({ status: 401, code: "user.token.invalid", message: "Your login has expired" }));
    expect(await screen.findByText("Log in to see your orders.")).toBeTruthy();
  });

  it("shows an alert with Try again when the orders cannot be loaded", async () => {
    myFestival(new ShopApiError({ status: 503, code: "service.unavailable", message: "down" }));
    const alert = await screen.findByRole("alert");
    expect(alert?.textContent).toContain("Your orders could not be loaded");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
