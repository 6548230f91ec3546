import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { closesSaveTimeOnScroll, isSaveTimeRoute, SAVE_TIME_CLOSE_SCROLL_PX, type SaveTimeInput, showsSaveTimeModal } from "../../domain/save-time.ts";
import { DEFAULT_STEP_ORDER } from "../../domain/shop-flow.ts";

const slugArb = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/).filter((slug) => slug !== "login");
/** Steps a shop route may carry (spec §2 Routes) besides the payment status page. */
const stepArb = fc.constantFrom(...DEFAULT_STEP_ORDER, "checkout", "register", "transport");
const queryArb = fc.constantFrom("", "?token=t1", "#faq", "?route=tickets&slug=x");

/** A shop route: the overview "/{slug}", "/{slug}/{step}" or a detail route "/{slug}/{step}/{detail}", maybe with a trailing slash and a query. */
const stepRouteArb = fc.oneof(
  fc
    .tuple(slugArb, stepArb, fc.option(fc.stringMatching(/^[a-z0-9_-]{1,12}$/), { nil: null }), fc.boolean(), queryArb)
    .map(([slug, step, detail, slash, query]) => `/${slug}/${step}${detail === null ? "" : `/${detail}`}${slash ? "/" : ""}${query}`),
  fc.tuple(slugArb, fc.boolean(), queryArb).map(([slug, slash, query]) => `/${slug}${slash ? "/" : ""}${query}`),
);

/** The index route (the event chooser), /login and the payment status page. */
const notSaveTimeRouteArb = fc.oneof(
  fc.constantFrom("/", "", "/login", "/login/", "/login?code=x"),
  fc.tuple(slugArb, queryArb).map(([slug, query]) => `/${slug}/paymentstatus${query}`),
);

const inputArb: fc.Arbitrary<SaveTimeInput> = fc.record({
  showSaveTimeModal: fc.option(fc.boolean(), { nil: undefined }),
  pathname: fc.oneof(stepRouteArb, notSaveTimeRouteArb),
  loginChecked: fc.boolean(),
  loggedIn: fc.boolean(),
  dismissed: fc.boolean(),
  scrolledPx: fc.integer({ min: 0, max: 5000 }),
});

/** Every condition met: a step route, the flag on, login checked, nobody logged in, not closed, not scrolled. */
const showing = (pathname: string, overrides: Partial<SaveTimeInput> = {}): SaveTimeInput => ({
  showSaveTimeModal: true,
  pathname,
  loginChecked: true,
  loggedIn: false,
  dismissed: false,
  scrolledPx: 0,
  ...overrides,
});

describe("save-time login modal (spec §2 Other layers, §3 showSaveTimeModal, §4 Login state and save-time modal)", () => {
  it("shows on /{slug}/tickets for an anonymous visitor once login is checked, and closes at 400 px of scroll (spec §4)", () => {
    expect(SAVE_TIME_CLOSE_SCROLL_PX).toBe(400);
    expect(showsSaveTimeModal(showing("/northern-nights/tickets"))).toBe(true);
    expect(showsSaveTimeModal(showing("/northern-nights/tickets", { scrolledPx: 399 }))).toBe(true);
    expect(showsSaveTimeModal(showing("/northern-nights/tickets", { scrolledPx: 400 }))).toBe(false);
    expect(showsSaveTimeModal(showing("/northern-nights/tickets", { scrolledPx: 1200 }))).toBe(false);
  });

  it("does not show on the index route, /login nor the payment status page, and shows on a shop's overview (spec §4 'non-index routes')", () => {
    for (const pathname of ["/", "/login", "/northern-nights/paymentstatus"]) {
      expect(showsSaveTimeModal(showing(pathname)), pathname).toBe(false);
    }
    for (const pathname of ["/northern-nights", "/northern-nights/", "/northern-nights/checkout", "/northern-nights/tickets/nn_ticket_friday", "/lowlands-lights/transportation/eu"]) {
      expect(showsSaveTimeModal(showing(pathname)), pathname).toBe(true);
    }
  });

  it("closes on login, waits for the login check and needs the config's flag (spec §3, §4)", () => {
    expect(showsSaveTimeModal(showing("/northern-nights/tickets", { loggedIn: true }))).toBe(false);
    expect(showsSaveTimeModal(showing("/northern-nights/tickets", { loginChecked: false }))).toBe(false);
    expect(showsSaveTimeModal(showing("/northern-nights/tickets", { showSaveTimeModal: false }))).toBe(false);
    const { showSaveTimeModal: _absent, ...withoutFlag } = showing("/northern-nights/tickets");
    expect(showsSaveTimeModal(withoutFlag)).toBe(false);
    expect(showsSaveTimeModal(showing("/northern-nights/tickets", { dismissed: true }))).toBe(false);
  });

  test.prop([inputArb])("shows exactly when every condition holds", (input) => {
    const expected =
      input.showSaveTimeModal === true && isSaveTimeRoute(input.pathname) && input.loginChecked && !input.loggedIn && !input.dismissed && input.scrolledPx < 400;
    expect(showsSaveTimeModal(input)).toBe(expected);
  });

  test.prop([stepRouteArb, fc.integer({ min: 0, max: SAVE_TIME_CLOSE_SCROLL_PX - 1 })])("shows on every shop route (the overview too) while scrolled less than 400 px", (pathname, scrolledPx) => {
    expect(isSaveTimeRoute(pathname)).toBe(true);
    expect(showsSaveTimeModal(showing(pathname, { scrolledPx }))).toBe(true);
  });

  test.prop([notSaveTimeRouteArb, inputArb])("never shows on an index route, /login or the payment status page", (pathname, input) => {
    expect(isSaveTimeRoute(pathname)).toBe(false);
    expect(showsSaveTimeModal({ ...input, pathname })).toBe(false);
  });

  test.prop([inputArb])("never shows for a logged-in visitor, before login is checked, or once closed", (input) => {
    expect(showsSaveTimeModal({ ...input, loggedIn: true })).toBe(false);
    expect(showsSaveTimeModal({ ...input, loginChecked: false })).toBe(false);
    expect(showsSaveTimeModal({ ...input, dismissed: true })).toBe(false);
  });

  test.prop([inputArb, fc.integer({ min: 0, max: 5000 })])("never opens by scrolling further: shown after more scroll implies shown before", (input, more) => {
    if (showsSaveTimeModal({ ...input, scrolledPx: input.scrolledPx + more })) expect(showsSaveTimeModal(input)).toBe(true);
    if (!showsSaveTimeModal(input) && closesSaveTimeOnScroll(input.scrolledPx)) expect(showsSaveTimeModal({ ...input, scrolledPx: input.scrolledPx + more })).toBe(false);
  });

  test.prop([fc.double({ min: 0, max: 10_000, noNaN: true })])("closes on a scroll of 400 px or more, fractions of a pixel included", (scrolledPx) => {
    expect(closesSaveTimeOnScroll(scrolledPx)).toBe(scrolledPx >= 400);
  });
});
