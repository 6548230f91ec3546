// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { container } from "tsyringe";
import { afterEach, describe, expect, it } from "vitest";
import { ANALYTICS, APP_INIT, CLOCK, NOTICE_API } from "../../application/ports/tokens.ts";
import { ErrorDialogProvider } from "../../ui/shell/error-dialog.tsx";
import { SiteEffects } from "../../ui/shell/site-effects.tsx";
import { UseCasesProvider } from "../../ui/use-cases.tsx";
import { FixedClock, InMemoryAppInit, InMemoryNoticeApi, RecordingAnalytics } from "../support/in-memory-platform.ts";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

const renderShell = (notices: InMemoryNoticeApi) => {
  const di = container.createChildContainer();
  const init = new InMemoryAppInit();
  const analytics = new RecordingAnalytics();
  di.register(NOTICE_API, { useValue: notices });
  di.register(APP_INIT, { useValue: init });
  di.register(ANALYTICS, { useValue: analytics });
  di.register(CLOCK, { useValue: new FixedClock(new Date(2027, 7, 20, 21, 7).getTime()) });
  renderWithIntl(
    <UseCasesProvider container={di}>
      <MemoryRouter initialEntries={["/lowlands-lights/tickets"]}>
        <ErrorDialogProvider>
          <SiteEffects />
        </ErrorDialogProvider>
      </MemoryRouter>
    </UseCasesProvider>,
  );
  return { init, analytics };
};

describe("SiteEffects (spec §7 Other calls, §9 notice polling)", () => {
  it("polls the notice with the local time and shows a published notice as error 8002", async () => {
    const notices = new InMemoryNoticeApi();
    notices.notice = { message: { title: "Planned maintenance", error: "The shop closes at 23:00." } };
    renderShell(notices);
    const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 }); // the modal's code loads lazily
    expect(dialog.dataset["code"]).toBe("8002");
    expect(dialog.textContent).toContain("Planned maintenance — The shop closes at 23:00.");
    expect(notices.asked[0]).toBe("2107");
  });

  it("shows nothing while no notice is published, skips /api/init on localhost and sends a page view after 250 ms", async () => {
    const notices = new InMemoryNoticeApi();
    const { init, analytics } = renderShell(notices);
    await waitFor(() => expect(analytics.pages).toEqual(["/lowlands-lights/tickets"]));
    expect(notices.asked).toHaveLength(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(init.origins).toEqual([]);
  });
});
