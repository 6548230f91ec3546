// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components";
import { renderToString } from "react-dom/server";
import { FormattedMessage, useIntl } from "react-intl";
import { container } from "tsyringe";
import { afterEach, describe, expect, it } from "vitest";
import { LOCALE_STORE } from "../../application/ports/tokens.ts";
import { LOCALE_NAMES, SUPPORTED_LOCALES } from "../../domain/locale.ts";
import { formatFestivalDate } from "../../ui/common/format.ts";
import { countryName } from "../../ui/i18n/display-names.ts";
import { LocaleProvider, useLocale, useShopTranslations } from "../../ui/i18n/locale-provider.tsx";
import type { CustomTranslations } from "../../ui/i18n/messages.ts";
import { UseCasesProvider } from "../../ui/use-cases.tsx";
import { InMemoryLocaleStore } from "../support/in-memory-ports.ts";
import "./render.tsx";

afterEach(cleanup);

let switchTo: (locale: "en" | "nl" | "es") => void = () => undefined;
let intlRenders = 0;

/** Counts the renders of a component that reads the messages (every one re-renders when they change). */
function IntlProbe() {
  useIntl();
  intlRenders += 1;
  return null;
}

function Probe({ custom }: { custom?: CustomTranslations }) {
  const { switchLocale } = useLocale();
  switchTo = switchLocale;
  useShopTranslations(custom);
  return (
    <>
      <IntlProbe />
      <p data-testid="buy">
        <FormattedMessage id="overview.buyTickets" />
      </p>
      <Select>
        <Label>Pick</Label>
        <Button>
          <SelectValue />
        </Button>
        <Popover>
          <ListBox>
            <ListBoxItem id="a">A</ListBoxItem>
          </ListBox>
        </Popover>
      </Select>
    </>
  );
}

/** The provider (`initial`: its customTranslations prop, known before the first render) around the probe; `how` renders in the DOM or to a string as the server does. */
const providerTree = (cookie: string | null, custom?: CustomTranslations, initial?: CustomTranslations) => {
  const di = container.createChildContainer();
  di.register(LOCALE_STORE, { useValue: new InMemoryLocaleStore(cookie) });
  return (
    <UseCasesProvider container={di}>
      <LocaleProvider customTranslations={initial}>
        <Probe custom={custom} />
      </LocaleProvider>
    </UseCasesProvider>
  );
};

const renderProvider = (cookie: string | null, custom?: CustomTranslations, initial?: CustomTranslations) => render(providerTree(cookie, custom, initial));

describe("LocaleProvider", () => {
  it("sets <html lang> to the chosen locale and follows a switch", () => {
    renderProvider("nl");
    expect(document.documentElement.lang).toBe("nl");
    act(() => switchTo("es"));
    expect(document.documentElement.lang).toBe("es");
  });

  it.each([
    ["en", "Select an item"],
    ["nl", "Selecteer een item"],
    ["es", "Seleccionar un artículo"],
  ] as const)("gives react-aria the locale, so its own strings are in %s", (locale, placeholder) => {
    renderProvider(locale);
    expect(screen.getByRole("button", { name: new RegExp(placeholder) })).toBeTruthy();
  });

  it("merges the shop's custom translations over the built-in messages, in the current locale", async () => {
    const custom = { en: { "overview.buyTickets": "Get Lights tickets" }, nl: { "overview.buyTickets": "Koop Lichtjes-tickets" } };
    renderProvider("nl", custom);
    // They arrive as ICU strings and are parsed by a lazily loaded parser (the build ships react-intl without one).
    await waitFor(() => expect(screen.getByTestId("buy").textContent).toBe("Koop Lichtjes-tickets"));
    act(() => switchTo("en"));
    expect(screen.getByTestId("buy").textContent).toBe("Get Lights tickets");
    act(() => switchTo("es"));
    expect(screen.getByTestId("buy").textContent).toBe("Comprar entradas");
  });

  it("shows plain custom translations known before the first render in that render, as the server renders it", () => {
    const custom = { nl: { "overview.buyTickets": "Koop Lichtjes-tickets" } };
    expect(renderToString(providerTree("nl", custom, custom))).toContain("Koop Lichtjes-tickets");
    expect(renderToString(providerTree("nl", custom))).not.toContain("Koop Lichtjes-tickets");
  });

  it("keeps the first render's custom translations when the shop screen sets the same table, and follows a different one", async () => {
    const custom = { en: { "overview.buyTickets": "Get Lights tickets" } };
    intlRenders = 0;
    renderProvider("en", custom, custom);
    expect(screen.getByTestId("buy").textContent).toBe("Get Lights tickets");
    await act(async () => undefined);
    // The shop screen's call with the table the provider started with changed no message: nothing rendered again.
    expect(intlRenders).toBe(1);
    cleanup();
    renderProvider("en", { en: { "overview.buyTickets": "Other tickets" } }, custom);
    await waitFor(() => expect(screen.getByTestId("buy").textContent).toBe("Other tickets"));
  });

  it("shows custom translations that need the ICU parser once it has loaded", async () => {
    renderProvider("en", { en: { "overview.buyTickets": "Get '{'Lights'}' tickets" } });
    await waitFor(() => expect(screen.getByTestId("buy").textContent).toBe("Get {Lights} tickets"));
  });
});

describe("display names (Intl.DisplayNames in the visitor's language)", () => {
  it("names a country in the visitor's language", () => {
    expect(countryName("NL", "en")).toBe("Netherlands");
    expect(countryName("NL", "nl")).toBe("Nederland");
    expect(countryName("nl", "es")).toBe("Países Bajos");
  });

  it("falls back to the given name for a code that is not a region", () => {
    expect(countryName("XX", "en", "Somewhere")).toBe("Somewhere");
  });

});

describe("dates (spec §1: British English dates)", () => {
  it("formats a date in British English", () => {
    expect(formatFestivalDate("2027-08-20")).toBe("20 August 2027");
  });
});
