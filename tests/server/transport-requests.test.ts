import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { forgetOldTransportRequests } from "../../server/cart/personal-data.ts";
import { type OpenDatabase, openDatabase } from "../../server/db/database.ts";
import { transportRequests } from "../../server/db/schema.ts";
import { LL_HEADERS } from "./server-harness.ts";

let database: OpenDatabase;
let app: FastifyInstance;

describe("POST /api/mail/transport-requests stores the request (spec §7 Other calls Mail)", () => {
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    await resetDemoCatalogue(database.db);
    app = await buildServer({ db: database.db, sweepIntervalMs: 0, rateLimit: false });
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("keeps an accepted request in transport_requests under the answered id", async () => {
    const mail = { eventNamespace: "lowlands-lights-2027", name: "Sam Visser", email: "sam@example.com", phoneNumber: "0612345678", persons: 4, departureCity: "Zwolle", message: "Group of friends" };
    const response = await app.inject({ method: "POST", url: "/api/mail/transport-requests", headers: LL_HEADERS, payload: mail });
    expect(response.statusCode).toBe(202);
    const { id } = response.json().data as { id: string };
    const rows = await database.db.select().from(transportRequests).where(eq(transportRequests.id, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...mail, id });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it("stores nothing for a bad request and names the field", async () => {
    const before = (await database.db.select().from(transportRequests)).length;
    const bad = await app.inject({ method: "POST", url: "/api/mail/transport-requests", headers: LL_HEADERS, payload: { eventNamespace: "lowlands-lights-2027", name: "Sam", email: "nope", persons: 2, departureCity: "Zwolle" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("email");
    expect(await database.db.select().from(transportRequests)).toHaveLength(before);
  });

  it("deletes a request once the retention period after it was sent has passed, and keeps younger ones", async () => {
    const DAY = 86_400;
    const retention = 30 * DAY;
    const mail = { eventNamespace: "lowlands-lights-2027", name: "Noor Bakker", email: "noor@example.com", persons: 2, departureCity: "Utrecht" };
    const sent = async () => (await app.inject({ method: "POST", url: "/api/mail/transport-requests", headers: LL_HEADERS, payload: mail })).json().data.id as string;
    const older = await sent();
    const younger = await sent();
    const createdAt = async (id: string) => (await database.db.select().from(transportRequests).where(eq(transportRequests.id, id)))[0]?.createdAt;
    const olderAt = (await createdAt(older))!;
    // The younger request is dated a day later than the older one.
    await database.db.update(transportRequests).set({ createdAt: new Date(olderAt.getTime() + DAY * 1000) }).where(eq(transportRequests.id, younger));

    expect(await forgetOldTransportRequests(database.db, new Date(olderAt.getTime() + retention * 1000 - 1000), retention)).toBe(0);
    expect(await createdAt(older)).toBeInstanceOf(Date);

    expect(await forgetOldTransportRequests(database.db, new Date(olderAt.getTime() + retention * 1000), retention)).toBeGreaterThanOrEqual(1);
    expect(await createdAt(older)).toBeUndefined();
    expect(await createdAt(younger)).toBeInstanceOf(Date);
  });
});
