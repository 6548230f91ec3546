import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { carts, payments, vouchers } from "../../server/db/schema.ts";
import { aCartOver, orderCart, settlePayment } from "../support/server-builders.ts";
import { openPostgres, suiteServer } from "./server-harness.ts";

// Real PostgreSQL with a pool of 10 connections: one conditional UPDATE decides which cart holds a single-use voucher.
describe("single-use voucher under concurrency on PostgreSQL", () => {
  const server = suiteServer(openPostgres, { rateLimit: false });

  const newCarts = (n: number) => Promise.all(Array.from({ length: n }, () => aCartOver(server.call).create()));
  const apply = (cartId: string, voucher: string) => server.call("PUT", `/api/v2/carts/${cartId}/vouchers`, { voucher });

  it("lets exactly one of 30 racing carts apply SUMMER10; the others get 409 voucher.used", async () => {
    const ids = await newCarts(30);
    const answers = await Promise.all(ids.map((id) => apply(id, "SUMMER10")));
    const winners = ids.filter((_, i) => answers[i]!.statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: { code: "voucher.used", message: "This voucher code has already been used" } });
    }
    const [row] = await server.database.db.select().from(vouchers).where(eq(vouchers.code, "SUMMER10"));
    expect(row!.heldByCart).toBe(winners[0]);
  });

  it("lets all 30 racing carts apply the multi-use FESTIVAL5", async () => {
    const ids = await newCarts(30);
    const answers = await Promise.all(ids.map((id) => apply(id, "FESTIVAL5")));
    expect(answers.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
  });
});

// Exactly one paid order per single-use voucher, whatever the timing: the hold is kept for the
// payment when the order starts, and redemption is decided in the settlement's transaction. The cart timeout is an
// hour here, longer than the voucher's 30-minute hold, so a hold can run out while its cart is still shopping or paying.
describe("single-use voucher at order and settlement on PostgreSQL", () => {
  const server = suiteServer(openPostgres, { rateLimit: false, cartTimeoutSeconds: 3600 });

  const cartWithTicket = () => aCartOver(server.call).withWeekendTickets(1).withDetails().create();
  const apply = (cartId: string) => server.call("PUT", `/api/v2/carts/${cartId}/vouchers`, { voucher: "SUMMER10" });
  const order = (cartId: string) => orderCart(server.call, cartId);
  const pay = (paymentUri: string) => settlePayment(server.call, paymentUri);
  const paidPayments = (cartIds: string[]) =>
    server.database.db.select().from(payments).where(and(inArray(payments.cartId, cartIds), eq(payments.status, "paid")));
  const confirmedWithVoucher = (cartIds: string[]) =>
    server.database.db.select().from(carts).where(and(inArray(carts.id, cartIds), eq(carts.status, "confirmed"), eq(carts.voucherCode, "SUMMER10")));
  const voucher = async () => (await server.database.db.select().from(vouchers).where(eq(vouchers.code, "SUMMER10")))[0]!;
  const MINUTE = 60;

  it("keeps the voucher for a cart in payment after its 30-minute hold: a second cart is refused 409 voucher.used and only the first pays", async () => {
    const first = await cartWithTicket();
    expect((await apply(first)).statusCode).toBe(200);
    server.clock.advance(20 * MINUTE);
    const ordered = await order(first);
    expect(ordered.statusCode).toBe(201);
    server.clock.advance(15 * MINUTE); // 35 minutes after the apply: the first hold alone would have run out.
    const second = await cartWithTicket();
    const refused = await apply(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: { code: "voucher.used", message: "This voucher code has already been used" } });
    expect(String((await pay(ordered.json().data.redirectUri as string)).headers.location)).toContain("status=completed");
    expect(await voucher()).toMatchObject({ redeemedByCart: first, heldByCart: null });
    expect((await order(second)).statusCode).toBe(201); // the second cart still orders, at full price
    const [secondPayment] = await server.database.db.select().from(payments).where(eq(payments.cartId, second));
    const [firstPayment] = await server.database.db.select().from(payments).where(eq(payments.cartId, first));
    expect(secondPayment!.amount).toBeGreaterThan(firstPayment!.amount);
  });

  it("of two carts racing for a voucher whose first hold ran out (one orders, the other applies and orders), exactly one pays with it and the other is refused voucher.used before any payment, 10 rounds", async () => {
    for (let round = 0; round < 10; round += 1) {
      await server.database.db.update(vouchers).set({ heldByCart: null, heldUntil: null, redeemedByCart: null, redeemedAt: null }).where(eq(vouchers.code, "SUMMER10"));
      const first = await cartWithTicket();
      const second = await cartWithTicket();
      expect((await apply(first)).statusCode).toBe(200);
      server.clock.advance(31 * MINUTE);
      const [firstOrder, secondApplyAndOrder] = await Promise.all([
        order(first),
        (async () => {
          const applied = await apply(second);
          return applied.statusCode === 200 ? order(second) : applied;
        })(),
      ]);
      const answers = [firstOrder, secondApplyAndOrder];
      const winners = answers.filter((a) => a.statusCode === 201);
      const losers = answers.filter((a) => a.statusCode !== 201);
      expect(winners, `round ${round}: ${answers.map((a) => a.body).join(" | ")}`).toHaveLength(1);
      expect(losers[0]!.statusCode).toBe(409);
      expect(losers[0]!.json().error.code).toBe("voucher.used");
      // The winner pays; the loser never reached a payment page.
      expect(String((await pay(winners[0]!.json().data.redirectUri as string)).headers.location)).toContain("status=completed");
      expect(await paidPayments([first, second])).toHaveLength(1);
      expect(await confirmedWithVoucher([first, second])).toHaveLength(1);
      const loser = firstOrder.statusCode === 201 ? second : first;
      expect(await server.database.db.select().from(payments).where(eq(payments.cartId, loser))).toHaveLength(0);
      expect((await voucher()).redeemedByCart).toBe(firstOrder.statusCode === 201 ? first : second);
    }
  });

  it("confirms nothing when the voucher was redeemed by another cart before this cart's payment settles: that payment fails and the cart shops again", async () => {
    const first = await cartWithTicket();
    expect((await apply(first)).statusCode).toBe(200);
    const ordered = await order(first);
    expect(ordered.statusCode).toBe(201);
    // Another cart redeemed the voucher meanwhile (e.g. an operator's correction, or a provider's late notice).
    const other = await cartWithTicket();
    await server.database.db.update(vouchers).set({ redeemedByCart: other, redeemedAt: server.clock.now(), heldByCart: null, heldUntil: null }).where(eq(vouchers.code, "SUMMER10"));
    expect(String((await pay(ordered.json().data.redirectUri as string)).headers.location)).toContain("status=failed");
    const [cart] = await server.database.db.select().from(carts).where(eq(carts.id, first));
    expect(cart!.status).toBe("shopping");
    expect(await paidPayments([first])).toHaveLength(0);
  });
});
