// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import path from "node:path";
import { act, cleanup, render, screen } from "@testing-library/react";
import { Component, type FormEvent, type ReactNode, useLayoutEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sourceFiles } from "../../scripts/route-table.ts";
import { lazyPart } from "../../ui/common/lazy-part.tsx";
import { preloadParts, RenderedParts } from "../../ui/common/part-preloads.ts";
import { holdEarlyInput, replayEarlyInput } from "../../ui/shell/early-input.ts";
import { deferredModule } from "./deferred-module.ts";

afterEach(cleanup);

/** A part's module whose import the test settles (deferredModule). */
const countdown = () => deferredModule({ Countdown: ({ seconds }: { seconds: number }) => <p>{`${seconds} s left`}</p> });

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p role="alert">failed</p> : this.props.children;
  }
}

const readAll = async (stream: NodeJS.ReadableStream): Promise<string> => {
  let html = "";
  for await (const chunk of stream) html += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk as Uint8Array);
  return html;
};

describe("lazy parts of a screen (ui/common/lazy-part.tsx)", () => {
  it("renders nothing in its place until its code is there, then the part with its props, loading the module once", async () => {
    const module = countdown();
    const Countdown = lazyPart("tests/part-a.tsx", module.load, "Countdown");
    await act(async () =>
      render(
        <main>
          <h1>Basket</h1>
          <Countdown seconds={300} />
        </main>,
      ),
    );
    expect(screen.getByRole("heading", { name: "Basket" })).toBeTruthy();
    expect(screen.queryByText(/s left/)).toBeNull();
    await act(async () => module.resolve());
    expect(screen.getByText("300 s left")).toBeTruthy();
    expect(module.imports()).toBe(1);
  });

  it("on the server waits for the part and records its key; a render after preloadParts shows it at once, as hydration needs", async () => {
    const module = countdown();
    const Countdown = lazyPart("tests/part-b.tsx", module.load, "Countdown");
    // Not loaded: a synchronous render leaves its place empty (the Suspense boundary's fallback).
    expect(renderToString(<Countdown seconds={60} />)).not.toContain("60 s left");
    const parts = new Set<string>();
    const rendering = prerenderToNodeStream(
      <RenderedParts value={parts}>
        <Countdown seconds={60} />
      </RenderedParts>,
    );
    module.resolve();
    expect(await readAll((await rendering).prelude)).toContain("60 s left");
    expect([...parts]).toEqual(["tests/part-b.tsx"]);

    const fresh = countdown();
    const Fresh = lazyPart("tests/part-c.tsx", fresh.load, "Countdown");
    const preloading = preloadParts(["tests/part-c.tsx", "tests/no-such-part.tsx"]);
    fresh.resolve();
    await preloading;
    expect(renderToString(<Fresh seconds={42} />)).toContain("42 s left");

    // preload() (prefetchWhenIdle) loads it the same way.
    const ahead = countdown();
    const Ahead = lazyPart("tests/part-e.tsx", ahead.load, "Countdown");
    const fetching = Ahead.preload();
    ahead.resolve();
    await fetching;
    expect(renderToString(<Ahead seconds={7} />)).toContain("7 s left");
    expect(ahead.imports()).toBe(1);
  });

  it("throws a failed load to the error boundary and loads again when the part next mounts", async () => {
    const module = countdown();
    const Countdown = lazyPart("tests/part-d.tsx", module.load, "Countdown");
    const first = await act(async () =>
      render(
        <Boundary>
          <Countdown seconds={10} />
        </Boundary>,
      ),
    );
    await act(async () => module.reject(new Error("network down")));
    expect(screen.getByRole("alert").textContent).toBe("failed");
    first.unmount();
    await act(async () =>
      render(
        <Boundary>
          <Countdown seconds={10} />
        </Boundary>,
      ),
    );
    expect(module.imports()).toBe(2);
    await act(async () => module.resolve());
    expect(screen.getByText("10 s left")).toBeTruthy();
  });

  it("deferHydration: the server's HTML stays until the part's code is there (not named for preloading); typing and a submit meanwhile reach it once it is live", async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const sent = vi.fn();
    /** A controlled field and a submit button, as the transport request form's; like React Aria's fields it renders again right after hydrating (a layout effect's state), which sets the field back to its state. */
    function RequestForm({ title }: { title: string }) {
      const [name, setName] = useState("");
      const [hydrated, setHydrated] = useState(false);
      useLayoutEffect(() => setHydrated(true), []);
      return (
        <form
          data-hydrated={hydrated || undefined}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            sent(name);
          }}
        >
          <h2>{title}</h2>
          <label>
            Name <input value={name} onChange={(event) => setName(event.target.value)} />
          </label>
          <button type="submit">Send</button>
        </form>
      );
    }
    /** The screen: a cart count of its own (its updates re-render the screen) above the deferred form. */
    function Page({ Form }: { Form: (props: { title: string }) => ReactNode }) {
      const [inCart, setInCart] = useState(0);
      return (
        <main>
          <h1>Compare transport</h1>
          <button type="button" id="add" onClick={() => setInCart(inCart + 1)}>
            {`${inCart} in cart`}
          </button>
          <Form title="Request transport" />
        </main>
      );
    }
    const page = (Form: (props: { title: string }) => ReactNode) => <Page Form={Form} />;
    const onServer = deferredModule({ RequestForm });
    const ServerForm = lazyPart("tests/part-f.tsx", onServer.load, "RequestForm", [], { deferHydration: true });
    const parts = new Set<string>();
    const rendering = prerenderToNodeStream(<RenderedParts value={parts}>{page(ServerForm)}</RenderedParts>);
    await vi.waitFor(() => expect(onServer.imports()).toBe(1));
    onServer.resolve();
    const html = await readAll((await rendering).prelude);
    expect(html).toContain("Request transport");
    expect([...parts]).toEqual([]);

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    holdEarlyInput();
    const inBrowser = deferredModule({ RequestForm });
    const BrowserForm = lazyPart("tests/part-f.tsx", inBrowser.load, "RequestForm", [], { deferHydration: true });
    let app: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      app = hydrateRoot(container, page(BrowserForm));
    });
    await act(async () => void replayEarlyInput());
    // The page works; the form is still the server's HTML while its code loads (the screen's update does not reach
    // it), and takes what the visitor does.
    expect(inBrowser.imports()).toBe(1);
    await act(async () => container.querySelector<HTMLButtonElement>("#add")!.click());
    expect(container.querySelector("#add")!.textContent).toBe("1 in cart");
    expect(container.querySelector("h2")?.textContent).toBe("Request transport");
    const field = container.querySelector("input")!;
    field.value = "Sam";
    field.dispatchEvent(new Event("input", { bubbles: true }));
    const submit = new MouseEvent("click", { bubbles: true, cancelable: true });
    container.querySelector("button[type=submit]")!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(sent).not.toHaveBeenCalled();

    await act(async () => inBrowser.resolve());
    await vi.waitFor(() => expect(sent).toHaveBeenCalledWith("Sam"));
    expect(sent).toHaveBeenCalledTimes(1);
    expect(field.isConnected).toBe(true);
    expect(field.value).toBe("Sam");
    // Live now: a second submit reaches the form at once.
    await act(async () => container.querySelector<HTMLButtonElement>("button[type=submit]")!.click());
    expect(sent).toHaveBeenCalledTimes(2);
    act(() => app?.unmount());
    container.remove();
  });

  it("each lazyPart of the app is keyed by the path of the module it imports (the build manifest's key the server preloads by)", () => {
    const root = path.resolve(__dirname, "../..");
    const calls = sourceFiles(path.join(root, "ui")).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/lazyPart(?:<.*?>)?\(\s*"([^"]+)",\s*\(\)\s*=>\s*import\("([^"]+)"\)/g)].map((m) => ({
        key: m[1]!,
        target: path.relative(root, path.resolve(path.dirname(file), m[2]!)).split(path.sep).join("/"),
      })),
    );
    expect(calls.length).toBeGreaterThanOrEqual(7);
    for (const call of calls) expect(call.key).toBe(call.target);
  });
});
