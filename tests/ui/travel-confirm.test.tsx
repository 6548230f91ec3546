// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button } from "react-aria-components";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorDialogProvider, useErrorDialog } from "../../ui/shell/error-dialog.tsx";
import { travelRemovalNotice } from "../../ui/items/travel-booking.tsx";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

function RemoveButton({ ticketsInCart, remove }: { ticketsInCart: number; remove: () => void }) {
  const { show } = useErrorDialog();
  return <Button onPress={() => show(travelRemovalNotice(ticketsInCart, remove))}>Remove booking</Button>;
}

const renderRemove = (ticketsInCart: number, remove: () => void) =>
  renderWithIntl(
    <ErrorDialogProvider>
      <RemoveButton ticketsInCart={ticketsInCart} remove={remove} />
    </ErrorDialogProvider>,
  );

describe("removing travel (spec §4 Cart updates on item screens)", () => {
  it("asks to confirm (6001) and removes only on Confirm", async () => {
    const remove = vi.fn();
    const user = userEvent.setup();
    renderRemove(0, remove);
    await user.click(screen.getByRole("button", { name: "Remove booking" }));
    expect((await screen.findByRole("alertdialog", {}, { timeout: 10_000 })).textContent).toContain("Remove travel?"); // the modal loads lazily
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Remove booking" }));
    await user.click(await screen.findByRole("button", { name: "Confirm" }));
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it("shows 8003 while tickets are in the cart and removes nothing", async () => {
    const remove = vi.fn();
    const user = userEvent.setup();
    renderRemove(2, remove);
    await user.click(screen.getByRole("button", { name: "Remove booking" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain("Remove your tickets first");
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
    await user.click(screen.getAllByRole("button").find((b) => b.closest("[role=dialog]"))!);
    expect(remove).not.toHaveBeenCalled();
  });
});
