// @vitest-environment jsdom
import { act, cleanup, screen } from "@testing-library/react";
import { Suspense } from "react";
import { FormattedMessage } from "react-intl";
import { MemoryRouter, useNavigate, useRoutes } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { lazyScreen, useRouteModuleLoading } from "../../ui/shell/lazy-screen.tsx";
import { RouteErrorBoundary } from "../../ui/shell/route-error.tsx";
import { deferredModule } from "./deferred-module.ts";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

/** A route module whose import the test settles (deferredModule). */
const ticketsModule = () => deferredModule({ Tickets: () => <h1>Tickets</h1> });

function Loading() {
  return <output data-testid="route-loading">{String(useRouteModuleLoading())}</output>;
}

function GoHome() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate("/")}>
      home
    </button>
  );
}

const renderRoutes = (tickets: ReturnType<typeof lazyScreen>) => {
  function Routes() {
    return useRoutes([
      { path: "/", element: <p>Home</p> },
      { path: "/tickets", ...tickets },
    ]);
  }
  return renderWithIntl(
    <MemoryRouter initialEntries={["/tickets"]}>
      <Loading />
      <GoHome />
      <RouteErrorBoundary>
        <Suspense fallback={<p>spinner</p>}>
          <Routes />
        </Suspense>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
};

describe("lazy route screens and the route error boundary (ui/shell/lazy-screen.tsx, route-error.tsx)", () => {
  it("suspends on a screen whose module is loading, tells the loading bar, and shows the screen once it arrived", async () => {
    const module = ticketsModule();
    renderRoutes(lazyScreen(module.load, "Tickets"));
    expect(screen.getByText("spinner")).toBeTruthy();
    await act(async () => undefined);
    expect(screen.getByTestId("route-loading").textContent).toBe("true");
    await act(async () => module.resolve());
    expect(screen.getByRole("heading", { name: "Tickets" })).toBeTruthy();
    expect(screen.getByTestId("route-loading").textContent).toBe("false");
    expect(module.imports()).toBe(1);
  });

  it("gives a screen with message areas their texts (AreaMessages around it), its module loaded once", async () => {
    const module = deferredModule({ Transport: () => <h1><FormattedMessage id="items.transport.title" /></h1> });
    renderRoutes(lazyScreen(module.load, "Transport", ["items"]));
    expect(module.imports()).toBe(1);
    await act(async () => module.resolve());
    expect(screen.getByRole("heading", { name: "Bus transport" })).toBeTruthy();
    expect(module.imports()).toBe(1);
  });

  it("renders a preloaded screen at once, without suspending (ui/main.tsx preloads before hydrating), and a prefetch does not show the loading bar", async () => {
    const module = ticketsModule();
    const tickets = lazyScreen(module.load, "Tickets");
    const preloaded = tickets.handle.preload();
    module.resolve();
    await preloaded;
    renderRoutes(tickets);
    expect(screen.getByRole("heading", { name: "Tickets" })).toBeTruthy();
    expect(screen.queryByText("spinner")).toBeNull();
    expect(screen.getByTestId("route-loading").textContent).toBe("false");
  });

  it("shows the error page when the module fails to load, and loads it again after the visitor moved on and came back", async () => {
    const module = ticketsModule();
    const tickets = lazyScreen(module.load, "Tickets");
    renderRoutes(tickets);
    await act(async () => module.reject(new Error("network down")));
    expect(screen.getByRole("alert").textContent).toMatch(/went wrong|try again/i);
    expect(screen.getByTestId("route-loading").textContent).toBe("false");
    await act(async () => screen.getByRole("button", { name: "home" }).click());
    expect(screen.getByText("Home")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    const retried = tickets.handle.preload();
    expect(module.imports()).toBe(2);
    module.resolve();
    await retried;
  });
});
