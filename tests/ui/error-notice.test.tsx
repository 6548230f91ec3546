// @vitest-environment jsdom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NetworkError, ShopApiError } from "../../application/errors.ts";
import { ErrorDialogProvider, useErrorDialog, useErrorDialogQueue } from "../../ui/shell/error-dialog.tsx";
import { noticeOf } from "../../ui/shell/failure-meaning.ts";
import { withQueueToken } from "../../ui/shell/payment-queue.ts";
import shellNl from "../../ui/i18n/messages/shell.nl.json";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

const refused = (code: string, message = "Order LL-UPG-2027-0002 has been processed already.") => new ShopApiError({ status: 409, code, message });

describe("noticeOf: a failure becomes a catalogue notice (spec §8)", () => {
  it("gives the upgrade refusals 4002 and 4003 their catalogue codes, not the server's English text", () => {
    expect(noticeOf(refused("4002"), "cart-1")).toEqual({ code: 4002, cartId: "cart-1" });
    expect(noticeOf(refused("4003"))).toEqual({ code: 4003 });
  });

  it("gives the shop access refusals 3003 (timeslot) and 4000 (shop closed) their catalogue texts, not the server's English text (spec §6)", () => {
    expect(noticeOf(refused("3003", "This shop is not open for you yet; check your timeslot."), "cart-1")).toEqual({ code: 3003, cartId: "cart-1" });
    expect(noticeOf(refused("4000", "This shop is closed."))).toEqual({ code: 4000 });
  });

  it("shows a refused payment queue token outside a queue shop as another server message", () => {
    expect(noticeOf(new ShopApiError({ status: 403, code: "queue.token.invalid", message: "join" }))).toEqual({ code: 8000, message: "join" });
  });

  it("shows another server message as 8000, and a network failure as 1000", () => {
    expect(noticeOf(refused("cart.expired", "This cart has expired."), "cart-1")).toEqual({ code: 8000, message: "This cart has expired.", cartId: "cart-1" });
    expect(noticeOf(new NetworkError({ message: "offline" }), "cart-1")).toEqual({ code: 1000, cartId: "cart-1" });
  });
});

function Fails({ failure }: { failure: unknown }) {
  const { showFailure } = useErrorDialog();
  return (
    <button type="button" onClick={() => showFailure(failure, "cart-1")}>
      write
    </button>
  );
}

/** Presses the write button and lets the lazily loaded error modal arrive. */
const pressWrite = () =>
  act(async () => {
    screen.getByRole("button", { name: "write" }).click();
    await import("../../ui/shell/error-modal.tsx");
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe("the error dialog of a refused cart write", () => {
  it("shows 4002 in the visitor's language on any screen (the upgrade screen's texts are the app's)", async () => {
    renderWithIntl(
      <ErrorDialogProvider>
        <Fails failure={refused("4002")} />
      </ErrorDialogProvider>,
      "nl",
    );
    await pressWrite();
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).not.toContain("has been processed already");
    expect(dialog.textContent).toContain("cart-1");
    expect(dialog.textContent).toContain(shellNl["error.4002.title"]);
    expect(dialog.getAttribute("data-code")).toBe("4002");
  });
});

function QueueShop({ failure }: { failure: unknown }) {
  useErrorDialogQueue("/queue/northern-nights");
  return <Fails failure={failure} />;
}

describe("a refused payment queue token in a queue shop", () => {
  it("sends the visitor straight to the queue address, without a dialog, for a missing, forged, expired or used token", async () => {
    for (const code of ["queue.token.required", "queue.token.invalid"]) {
      const assign = vi.fn();
      vi.stubGlobal("location", { ...window.location, assign });
      try {
        renderWithIntl(
          <ErrorDialogProvider>
            <QueueShop failure={new ShopApiError({ status: 403, code, message: "This payment queue token has been used for a cart already." })} />
          </ErrorDialogProvider>,
          "nl",
        );
        await pressWrite();
        expect(assign).toHaveBeenCalledWith("/queue/northern-nights");
        expect(screen.queryByRole("alertdialog")).toBeNull();
        expect(screen.queryByRole("dialog")).toBeNull();
      } finally {
        vi.unstubAllGlobals();
        cleanup();
      }
    }
  });

  it("still shows another refusal in a queue shop as a dialog", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    try {
      renderWithIntl(
        <ErrorDialogProvider>
          <QueueShop failure={refused("4002")} />
        </ErrorDialogProvider>,
        "nl",
      );
      await pressWrite();
      expect((await screen.findByRole("dialog")).getAttribute("data-code")).toBe("4002");
      expect(assign).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("withQueueToken: the queue's token goes with POST /carts while the shop's queue is on", () => {
  const context = { apiNamespace: "northern-nights-2027", shopToken: "sk" };
  it("adds the query's paymentQueueToken in a queue shop, and nothing elsewhere", () => {
    expect(withQueueToken(context, { queueUrl: "/queue/northern-nights" }, "?utm_source=x&paymentQueueToken=eyJ.a.b")).toEqual({ ...context, paymentQueueToken: "eyJ.a.b" });
    expect(withQueueToken(context, { queueUrl: "/queue/northern-nights" }, "?paymentQueueToken=")).toBe(context);
    expect(withQueueToken(context, {}, "?paymentQueueToken=eyJ.a.b")).toBe(context);
  });
});
