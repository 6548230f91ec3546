import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { type ApiFailure, ShopApiError } from "../../application/errors.ts";
import type { AccountApi } from "../../application/ports/account-api.port.ts";
import { ListAccountOrders } from "../../application/use-cases/list-account-orders.use-case.ts";
import type { AccountOrders } from "../../domain/account-orders.schema.ts";
import { SingleSignOnError } from "../../application/ports/single-sign-on.port.ts";
import { InMemoryIdTokenStore, InMemorySingleSignOn, SSO_USER } from "../support/in-memory-platform.ts";

/** An AccountApi fake answering `answer` and recording the tokens it was asked with. */
class RecordingAccountApi implements AccountApi {
  readonly tokens: string[] = [];
  constructor(private readonly answer: AccountOrders | ApiFailure = []) {}
  getOrders(userToken: string) {
    this.tokens.push(userToken);
    return Array.isArray(this.answer) ? Effect.succeed(this.answer as AccountOrders) : Effect.fail(this.answer as ApiFailure);
  }
}

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect);

describe("ListAccountOrders (spec §6 Logged-in user)", () => {
  it("asks for the orders with the single sign-on user's id token", async () => {
    const api = new RecordingAccountApi();
    const sso = Object.assign(new InMemorySingleSignOn(), { user: SSO_USER });
    expect(await run(new ListAccountOrders(api, sso, new InMemoryIdTokenStore("cookie-token")).execute())).toEqual([]);
    expect(api.tokens).toEqual([SSO_USER.idToken]);
  });

  it("falls back to the previous-id-token cookie without a session, also when the session check fails", async () => {
    const api = new RecordingAccountApi();
    await run(new ListAccountOrders(api, new InMemorySingleSignOn(), new InMemoryIdTokenStore("cookie-token")).execute());
    const failing = Object.assign(new InMemorySingleSignOn(), { sessionFailure: new SingleSignOnError({ reason: "provider", message: "down" }) });
    await run(new ListAccountOrders(api, failing, new InMemoryIdTokenStore("cookie-token")).execute());
    expect(api.tokens).toEqual(["cookie-token", "cookie-token"]);
  });

  it("answers null without asking the Shop API when nobody is logged in", async () => {
    const api = new RecordingAccountApi();
    expect(await run(new ListAccountOrders(api, new InMemorySingleSignOn(), new InMemoryIdTokenStore()).execute())).toBeNull();
    expect(api.tokens).toEqual([]);
  });

  it("fails with the Shop API's refusal (401 user.token.invalid)", async () => {
    const refusal = new ShopApiError({ status: 401, code: "user.token.invalid", message: "expired" });
    const api = new RecordingAccountApi(refusal);
    const sso = Object.assign(new InMemorySingleSignOn(), { user: SSO_USER });
    expect(await run(Effect.flip(new ListAccountOrders(api, sso, new InMemoryIdTokenStore()).execute()))).toBe(refusal);
  });
});
