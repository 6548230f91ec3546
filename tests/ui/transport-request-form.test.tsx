// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Effect } from "effect";
import { afterEach, describe, expect, it } from "vitest";
import { NetworkError } from "../../application/errors.ts";
import type { MailApi } from "../../application/ports/mail-api.port.ts";
import { TransportRequestForm } from "../../ui/transportation/transport-request-form.tsx";
import { InMemoryMailApi } from "../support/in-memory-platform.ts";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

/** A mail endpoint that is down: every send fails as the HTTP adapter reports a lost connection. */
class FailingMailApi implements MailApi {
  attempts = 0;
  sendTransportRequest() {
    this.attempts++;
    return Effect.fail(new NetworkError({ message: "connection refused" }));
  }
}

const renderForm = (mail: MailApi | InMemoryMailApi = new InMemoryMailApi()) => {
  renderInShop(<TransportRequestForm />, { path: "/lowlands-lights/comparetransport", mail });
  return { user: userEvent.setup(), mail };
};

const field = (name: RegExp) => screen.getByRole("textbox", { name });
const persons = () => screen.getByRole("textbox", { name: /Number of people/ });
const send = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole("button", { name: "Send request" }));

/** Fills the required fields with a valid request (Sanne, 4 people from Groningen). */
const fillValid = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(field(/^Name/), "  Sanne de Vries ");
  await user.type(field(/^Email/), "sanne@example.org");
  await user.clear(persons());
  await user.type(persons(), "4");
  await user.type(field(/Departure city/), "Groningen");
};

describe("TransportRequestForm (spec §7 Other calls 'Mail', §5 fields say which and why)", () => {
  it("names each missing required field and sends nothing", async () => {
    const { user, mail } = renderForm();
    await send(user);
    expect(screen.getByText("Fill in name.")).toBeTruthy();
    expect(screen.getByText("Fill in email.")).toBeTruthy();
    expect(screen.getByText("Fill in departure city.")).toBeTruthy();
    expect(field(/^Name/).getAttribute("aria-invalid")).toBe("true");
    expect(field(/Departure city/).getAttribute("aria-invalid")).toBe("true");
    expect(field(/Phone number/).getAttribute("aria-invalid")).toBeNull(); // optional
    expect(screen.getByRole("textbox", { name: /Message/ }).getAttribute("aria-invalid")).toBeNull(); // optional
    expect((mail as InMemoryMailApi).sent).toEqual([]);
  });

  it("refuses an e-mail address without a host", async () => {
    const { user, mail } = renderForm();
    await fillValid(user);
    await user.clear(field(/^Email/));
    await user.type(field(/^Email/), "sanne@");
    await send(user);
    expect(screen.getByText("Enter an email address like name@example.com.")).toBeTruthy();
    expect(field(/^Email/).getAttribute("aria-invalid")).toBe("true");
    expect((mail as InMemoryMailApi).sent).toEqual([]);
  });

  it("refuses an empty number of people", async () => {
    const { user, mail } = renderForm();
    await fillValid(user);
    await user.clear(persons());
    await user.tab();
    await send(user);
    expect(screen.getByText("Enter a number from 1 to 50.")).toBeTruthy();
    expect((mail as InMemoryMailApi).sent).toEqual([]);
  });

  it("refuses a name longer than 200 characters", async () => {
    const { user, mail } = renderForm();
    await fillValid(user);
    await user.clear(field(/^Name/));
    await user.click(field(/^Name/));
    await user.paste("x".repeat(201));
    await send(user);
    expect(screen.getByText("Use at most 200 characters.")).toBeTruthy();
    expect((mail as InMemoryMailApi).sent).toEqual([]);
  });

  it("sends a valid request through SendTransportRequest (the shop's event, trimmed text, no blank optional fields) and thanks the visitor", async () => {
    const { user, mail } = renderForm();
    await fillValid(user);
    await send(user);
    expect((await screen.findByText("Thank you, we received your request.")).getAttribute("role")).toBe("status");
    expect((mail as InMemoryMailApi).sent).toEqual([
      { eventNamespace: "lowlands-lights-2027", name: "Sanne de Vries", email: "sanne@example.org", persons: 4, departureCity: "Groningen" },
    ]);
    // Sent for the shop it was made in: its namespace and token authenticate the call.
    expect((mail as InMemoryMailApi).shops.map((s) => s.apiNamespace)).toEqual(["lowlands-lights-2027"]);
    expect(screen.queryByRole("button", { name: "Send request" })).toBeNull();
  });

  it("says the request could not be sent when the mail endpoint fails, and keeps what was typed", async () => {
    const failing = new FailingMailApi();
    const { user } = renderForm(failing);
    await fillValid(user);
    await user.type(screen.getByRole("textbox", { name: /Message/ }), "We travel with a wheelchair.");
    await send(user);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Your request could not be sent. Please try again."));
    expect(failing.attempts).toBe(1);
    expect((field(/Departure city/) as HTMLInputElement).value).toBe("Groningen");
    expect(screen.queryByText("Thank you, we received your request.")).toBeNull();
  });
});
