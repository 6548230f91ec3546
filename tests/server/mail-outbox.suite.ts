import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADDON_SHOP_TOKEN } from "../../server/catalogue/demo-addon-shop.ts";
import { mailOutbox, previousOrders } from "../../server/db/schema.ts";
import { forgetOldMail } from "../../server/mail/mail-outbox.ts";
import { claimDueMail, DEFAULT_LEASE_MS, deliverDueMail, messageIdOf } from "../../server/mail/outbox-worker.ts";
import { restockExtra } from "../../server/travel/add-on-waiting-list.ts";
import { recordingTransport } from "../support/mail.ts";
import { LL_HEADERS, suiteServer, type TestDatabase, VALID_DETAILS } from "./server-harness.ts";

const FROM = "Festival shop <noreply@shop.example>";
const ORIGIN = "https://shop.example";
const STATUS_PAGE = "http://localhost/lowlands-lights/paymentstatus";
/** The add-on shop's headers (Lowlands Lights extras). */
const EXTRAS_HEADERS = { "x-event-namespace": "lowlands-extras-2027", authorization: `Bearer ${ADDON_SHOP_TOKEN}` };

/** The mail outbox (docs/mail.md): what each event writes, and how the worker sends it, on one database driver. */
export const mailOutboxSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`the mail outbox on ${driver}`, () => {
    const server = suiteServer(open, { rateLimit: false });
    const { call } = server;
    const mail = () => recordingTransport();
    const deliver = (transport: ReturnType<typeof mail>["transport"]) => deliverDueMail({ db: server.database.db, transport, from: FROM, origin: ORIGIN, clock: server.clock.now });
    const rows = (kind: string) => server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind));

    /** A cart of two weekend tickets with Anna's details, its order placed in `locale` with the test provider; answers the cart id and payment page. */
    const orderedCart = async (locale?: string, headers: Record<string, string> = LL_HEADERS, productId = "ll_ticket_weekend") => {
      const id = (await call("POST", "/api/v2/carts", {}, headers)).json().data.id as string;
      expect((await call("PUT", `/api/v2/carts/${id}/products`, { productId, quantity: 2 }, headers)).statusCode).toBe(200);
      expect((await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS, headers)).statusCode).toBe(200);
      const ordered = await call("POST", `/api/v2/carts/${id}/orders`, { paymentMethod: "ideal", redirectUri: STATUS_PAGE, ...(locale ? { locale } : {}) }, headers);
      expect(ordered.statusCode).toBe(201);
      return { id, paymentUri: ordered.json().data.redirectUri as string };
    };
    const settle = (paymentUri: string, outcome: string) =>
      server.app.inject({ method: "POST", url: new URL(paymentUri).pathname, payload: `outcome=${outcome}`, headers: { "content-type": "application/x-www-form-urlencoded" } });
    const referenceOf = async (cartId: string) => (await server.database.db.select().from(previousOrders).where(eq(previousOrders.cartId, cartId)))[0]!;

    it("writes a paid order's confirmation with its payment, and sends it in the language it was ordered in", async () => {
      const { id, paymentUri } = await orderedCart("nl");
      expect((await settle(paymentUri, "pay")).statusCode).toBe(303);
      const order = await referenceOf(id);
      const { transport, sent } = mail();
      expect(await deliver(transport)).toMatchObject({ sent: 2, retried: 0, failed: 0 });
      const confirmation = sent.find((m) => m.to === "anna@example.com")!;
      const [row] = await rows("order-confirmation");
      expect(confirmation).toMatchObject({ from: FROM, language: "nl", messageId: messageIdOf(row!.id, FROM), subject: `Je bestelling #${order.reference} voor Lowlands Lights` });
      // Lines with their prices and the total as paid (spec §1 money), in an accessible table.
      expect(confirmation.html).toContain('<html lang="nl">');
      expect(confirmation.html).toMatch(/<caption[^>]*>Bestelling #\d{9}<\/caption>/);
      expect(confirmation.html).toMatch(/<th scope="col"[^>]*>Aantal<\/th>/);
      expect(confirmation.text).toMatch(/2 × Weekend ticket {2}€ \d{1,3},\d{2}/);
      expect(confirmation.text).toMatch(/Totaal {2}€ \d{1,3},\d{2}/);
      // The add-on link carries the order's cart token and number; My festival is linked too.
      const addOn = `${ORIGIN}/lowlands-lights/traveladdon?cartToken=${order.cartToken}&amp;orderNumber=${order.reference}`;
      expect(confirmation.html).toContain(`href="${addOn}"`);
      expect(confirmation.text).toContain(addOn.replace("&amp;", "&"));
      expect(confirmation.html).toContain(`href="${ORIGIN}/my-festival"`);
      expect(await rows("order-confirmation")).toMatchObject([{ status: "sent", attempts: 1 }]);
    });

    it("links an order of the add-on shop to its extras with the order, and to the shop's order lookup", async () => {
      const { id, paymentUri } = await orderedCart("es", EXTRAS_HEADERS, "lle_ticket_day");
      await settle(paymentUri, "pay");
      const order = await referenceOf(id);
      const { transport, sent } = mail();
      await deliver(transport);
      const confirmation = sent.find((m) => m.to === "anna@example.com")!;
      expect(confirmation.subject).toBe(`Tu pedido #${order.reference} para Lowlands Lights extras`);
      expect(confirmation.text).toContain(`${ORIGIN}/lowlands-extras/extras?cartToken=${order.cartToken}&orderNumber=${order.reference}`);
      expect(confirmation.text).toContain(`Buscar tu pedido:\n${ORIGIN}/lowlands-extras\n`);
    });

    it("writes one confirmation however often the payment is reported paid, and none for a failed payment", async () => {
      const paid = await orderedCart("en");
      await settle(paid.paymentUri, "pay");
      await settle(paid.paymentUri, "pay");
      const failed = await orderedCart("en");
      await settle(failed.paymentUri, "fail");
      expect(await rows("order-confirmation")).toHaveLength(1);
      expect(await rows("payment-pending")).toHaveLength(0);
    });

    it("writes the note of a pending payment once, saying the wait its language gives (spec §9)", async () => {
      const dutch = await orderedCart("nl");
      await settle(dutch.paymentUri, "pending");
      await settle(dutch.paymentUri, "pending");
      const english = await orderedCart();
      await settle(english.paymentUri, "pending");
      const { transport, sent } = mail();
      await deliver(transport);
      const notes = sent.filter((m) => m.to === "anna@example.com");
      expect(notes.map((m) => m.language).sort()).toEqual(["en", "nl"]);
      expect(notes.find((m) => m.language === "nl")!.text).toContain("binnen 30 minuten");
      expect(notes.find((m) => m.language === "en")!.text).toContain("within 2 hours");
    });

    it("keeps every mail while the SMTP server is down, waits longer after each failed attempt, and sends each once when it is back", async () => {
      // The confirmation alone (the demo's upgrade link has its own retries).
      await server.database.db.delete(mailOutbox).where(eq(mailOutbox.kind, "upgrade-link"));
      const { paymentUri } = await orderedCart("en");
      await settle(paymentUri, "pay");
      const smtp = mail();
      smtp.state.down = true;
      const waits: number[] = [];
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect(await deliver(smtp.transport)).toEqual({ sent: 0, retried: 1, failed: 0 });
        const [row] = await rows("order-confirmation");
        expect(row).toMatchObject({ status: "pending", attempts: attempt, leaseUntil: null });
        const wait = row!.nextAttemptAt.getTime() - server.clock.now().getTime();
        waits.push(wait);
        // Not due before its time: a pass now claims nothing.
        server.clock.advance(wait / 1000 - 1);
        expect(await deliver(smtp.transport)).toEqual({ sent: 0, retried: 0, failed: 0 });
        server.clock.advance(1);
      }
      // About 5 s, then twice as long each time (jittered by a fifth at most).
      expect(waits[0]).toBeGreaterThanOrEqual(4000);
      expect(waits[0]).toBeLessThanOrEqual(6000);
      for (let i = 1; i < waits.length; i += 1) expect(waits[i]!).toBeGreaterThan(waits[i - 1]!);
      smtp.state.down = false;
      expect(await deliver(smtp.transport)).toEqual({ sent: 1, retried: 0, failed: 0 });
      server.clock.advance(3600);
      expect(await deliver(smtp.transport)).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(smtp.sent.map((m) => m.to)).toEqual(["anna@example.com"]);
    });

    it("sends a row again under the same Message-ID only once the lease of a worker that died with it has ended", async () => {
      const { paymentUri } = await orderedCart("en");
      await settle(paymentUri, "pay");
      // A worker claims the due rows and dies before marking them.
      const claimed = await claimDueMail(server.database.db, server.clock.now(), DEFAULT_LEASE_MS, 10);
      const confirmation = claimed.find((r) => r.kind === "order-confirmation")!;
      const { transport, sent } = mail();
      expect(await deliver(transport)).toEqual({ sent: 0, retried: 0, failed: 0 });
      server.clock.advance(DEFAULT_LEASE_MS / 1000);
      expect(await deliver(transport)).toMatchObject({ sent: 2 });
      expect(sent.find((m) => m.to === "anna@example.com")!.messageId).toBe(messageIdOf(confirmation.id, FROM));
      expect(await rows("order-confirmation")).toMatchObject([{ status: "sent", attempts: 2 }]);
    });

    it("never lets two workers send one row together", async () => {
      for (let i = 0; i < 3; i += 1) await settle((await orderedCart("en")).paymentUri, "pay");
      const { transport, sent } = mail();
      const slow = { ...transport, send: async (m: Parameters<typeof transport.send>[0]) => new Promise<void>((resolve) => setTimeout(() => void transport.send(m).then(resolve), 20)) };
      const passes = await Promise.all([1, 2, 3].map(() => deliverDueMail({ db: server.database.db, transport: slow, from: FROM, origin: ORIGIN, clock: server.clock.now, batchSize: 2 })));
      const more = await deliver(transport);
      expect(passes.reduce((n, p) => n + p.sent, 0) + more.sent).toBe(4);
      expect(new Set(sent.map((m) => m.messageId)).size).toBe(sent.length);
      expect(sent).toHaveLength(4);
    });

    it("mails the visitor an add-on the waiting list reserved for them, with its deadline and the link to their hotel's add-ons", async () => {
      const headers = { ...LL_HEADERS, "x-cart-token": "ct_demo_4b8e2f6a1c9d" };
      const joined = await call("POST", "/api/v2/orders/123456789/add-on-waiting-list", { addonId: "addon_123456789_ll_merch_towel" }, headers);
      expect(joined.statusCode).toBe(200);
      expect(await rows("add-on-offer")).toHaveLength(0);
      await restockExtra(server.database.db, "lowlands-lights-2027-travel", "ll_merch_towel", 1, server.clock.now());
      const { transport, sent } = mail();
      await deliver(transport);
      const offer = sent.find((m) => m.subject === "Festival beach towel is reserved for you")!;
      expect(offer.to).toBe("sam.visser@example.com");
      expect(offer.text).toContain(`${ORIGIN}/lowlands-lights/traveladdon/hotel-de-duinen?cartToken=ct_demo_4b8e2f6a1c9d&orderNumber=123456789`);
      // 30 minutes from now (12:00 UTC), in Amsterdam's time.
      expect(offer.text).toContain("It stays reserved until 1 June 2027 at 14:30 CET.");
    });

    it("mails the upgrade link of the demo's open upgradable order when the demo creates it", async () => {
      const { transport, sent } = mail();
      await deliver(transport);
      const upgrade = sent.find((m) => m.subject === "Upgrade your Lowlands Lights order")!;
      expect(upgrade.to).toBe("sam.visser@example.com");
      expect(upgrade.text).toContain(`${ORIGIN}/lowlands-lights/upgrade?idt_oss_order_id=LL-UPG-2027-0001&access_id=acc-7d41c2e9b05f`);
      expect(await rows("upgrade-link")).toHaveLength(1);
    });

    it("forgets sent mail after the retention time", async () => {
      const { transport } = mail();
      await deliver(transport);
      expect(await forgetOldMail(server.database.db, server.clock.now(), 86_400)).toBe(0);
      server.clock.advance(86_401);
      expect(await forgetOldMail(server.database.db, server.clock.now(), 86_400)).toBe(1);
      expect(await rows("upgrade-link")).toHaveLength(0);
    });

    it("refuses an order whose locale is no shop language, and starts no payment", async () => {
      const id = (await call("POST", "/api/v2/carts", {})).json().data.id as string;
      await call("PUT", `/api/v2/carts/${id}/products`, { productId: "ll_ticket_weekend", quantity: 1 });
      await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS);
      const refused = await call("POST", `/api/v2/carts/${id}/orders`, { paymentMethod: "ideal", redirectUri: STATUS_PAGE, locale: "fr" });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.code).toBe("request.invalid");
      expect((await call("GET", `/api/v2/carts/${id}`)).json().data.status).toBe("shopping");
    });
  });
