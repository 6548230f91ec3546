// @vitest-environment jsdom
import { act, cleanup, render } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScrollToTop } from "../../ui/shell/scroll-to-top.tsx";

afterEach(cleanup);

describe("ScrollToTop (spec §2 Routes: the page scrolls to the top on route change)", () => {
  it("leaves the first render's scroll position alone (a server-rendered page the visitor already scrolled), and scrolls to the top on each route change", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: "*", element: <ScrollToTop /> }], { initialEntries: ["/lowlands-lights/checkout"] });
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate("/lowlands-lights/tickets"));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    scrollTo.mockRestore();
  });

  it("brings a hash target into view, on the first render too", async () => {
    const target = document.createElement("div");
    target.id = "terms";
    target.scrollIntoView = vi.fn();
    document.body.append(target);
    const router = createMemoryRouter([{ path: "*", element: <ScrollToTop /> }], { initialEntries: ["/lowlands-lights/checkout#terms"] });
    render(<RouterProvider router={router} />);
    expect(target.scrollIntoView).toHaveBeenCalled();
    target.remove();
  });
});
