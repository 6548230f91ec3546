// @vitest-environment jsdom
import { act, cleanup, screen } from "@testing-library/react";
import { type CSSProperties, useMemo, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorDialogProvider, useErrorDialog, useErrorDialogTheme } from "../../ui/shell/error-dialog.tsx";
import { themeCssVariables } from "../../ui/theme/theme-colours.ts";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

/** A shop frame stand-in: gives the dialog its theme while mounted, and opens a 1000 notice on demand. */
function ThemedFrame({ primaryColor }: { primaryColor: string }) {
  useErrorDialogTheme(useMemo(() => themeCssVariables({ primaryColor }) as CSSProperties, [primaryColor]));
  const { show } = useErrorDialog();
  return (
    <button type="button" onClick={() => show({ code: 1000 })}>
      open
    </button>
  );
}

function Harness({ primaryColor }: { primaryColor: string }) {
  const [inShop, setInShop] = useState(true);
  const { show } = useErrorDialog();
  return (
    <>
      {inShop ? <ThemedFrame primaryColor={primaryColor} /> : null}
      <button type="button" onClick={() => setInShop(false)}>
        leave
      </button>
      <button type="button" onClick={() => show({ code: 1000 })}>
        open outside
      </button>
    </>
  );
}

/** The modal's overlay element (react-aria Modal renders the dialog inside it, in a portal on document.body). */
const overlayOfDialog = () => {
  const dialog = screen.getByRole("dialog");
  const overlay = dialog.closest(".modal");
  if (!(overlay instanceof HTMLElement)) throw new Error("no .modal around the dialog");
  return overlay;
};

const openWith = async (label: string) => {
  await act(async () => {
    screen.getByRole("button", { name: label }).click();
    await import("../../ui/shell/error-modal.tsx");
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await screen.findByRole("dialog");
};

describe("the error dialog takes the shop's theme colours (spec §1 Theme), though it renders outside the shop frame", () => {
  it("carries the shop theme's CSS variables while a shop frame is mounted", async () => {
    const expected = themeCssVariables({ primaryColor: "#e4007c" });
    renderWithIntl(
      <ErrorDialogProvider>
        <Harness primaryColor="#e4007c" />
      </ErrorDialogProvider>,
    );
    await openWith("open");
    const overlay = overlayOfDialog();
    expect(document.querySelector(".shop")).toBeNull();
    expect(overlay.style.getPropertyValue("--brand")).toBe(expected["--brand"]);
    expect(overlay.style.getPropertyValue("--on-brand")).toBe(expected["--on-brand"]);
  });

  it("falls back to the default colours once the shop frame is gone", async () => {
    renderWithIntl(
      <ErrorDialogProvider>
        <Harness primaryColor="#e4007c" />
      </ErrorDialogProvider>,
    );
    await act(async () => screen.getByRole("button", { name: "leave" }).click());
    await openWith("open outside");
    expect(overlayOfDialog().style.getPropertyValue("--brand")).toBe("");
  });
});
