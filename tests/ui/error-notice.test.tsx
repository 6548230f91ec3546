// @vitest-environment jsdom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { NetworkError, ShopApiError } from "../../application/errors.ts";
import { ErrorDialogProvider, noticeOf, useErrorDialog } from "../../ui/shell/error-dialog.tsx";
import shellNl from "../../ui/i18n/messages/shell.nl.json";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

const refused = (code: string, message = "Order LL-UPG-2027-0002 has been processed already.") => new ShopApiError({ status: 409, code, message });

describe("noticeOf: a failure becomes a catalogue notice (spec §8)", () => {
  it("gives the upgrade refusals 4002 and 4003 their catalogue codes, not the server's English text", () => {
    expect(noticeOf(refused("4002"), "cart-1")).toEqual({ code: 4002, cartId: "cart-1" });
    expect(noticeOf(refused("4003"))).toEqual({ code: 4003 });
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

describe("the error dialog of a refused cart write", () => {
  it("shows 4002 in the visitor's language on any screen (the upgrade screen's texts are the app's)", async () => {
    renderWithIntl(
      <ErrorDialogProvider>
        <Fails failure={refused("4002")} />
      </ErrorDialogProvider>,
      "nl",
    );
    await act(async () => {
      screen.getByRole("button", { name: "write" }).click();
      await import("../../ui/shell/error-modal.tsx");
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).not.toContain("has been processed already");
    expect(dialog.textContent).toContain("cart-1");
    expect(dialog.textContent).toContain(shellNl["error.4002.title"]);
    expect(dialog.getAttribute("data-code")).toBe("4002");
  });
});
