import { useId, useLayoutEffect, useRef } from "react";
import { Button } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { LogIn, X } from "lucide";
import { Icon } from "../common/icon.tsx";

/** Focuses the page's main region without scrolling, as route-focus.tsx focusMain does; importing that module here would make the bundler split the entry's chunks anew (~1 KB more on every first load). */
const focusMain = () => {
  const main = document.getElementById("main");
  if (!main) return;
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus({ preventScroll: true });
};

/**
 * The save-time login layer (spec §2 Other layers "Save-time login modal", §4): a non-modal dialog at the bottom of the
 * viewport, above the bottom navigation, with a heading, one sentence, Log in and Close (react-aria Buttons). It is
 * deliberately not a react-aria Dialog or Modal: those move focus into the dialog and a Modal locks the page's scroll,
 * while this layer must leave focus where it is and close when the visitor scrolls. Escape inside it closes it; focus
 * inside it when it goes (closed or scrolled away) moves to the page's main region instead of the document body. Its
 * measured height is the frame's `--save-time-h`, so a screen's sticky Go to checkout bar sticks above it (shell.css).
 * `scrolledAway`: closed by scrolling; it is then invisible (out of the accessibility tree, inert) but keeps its place
 * at the end of the page, so a short page does not jump back up when it closes under the visitor's scroll.
 */
export function SaveTimeDialog({ scrolledAway, onLogin, onClose }: { scrolledAway: boolean; onLogin: () => void; onClose: () => void }) {
  const intl = useIntl();
  const titleId = useId();
  const bodyId = useId();
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const layer = ref.current;
    const frame = layer?.parentElement;
    // The frame learns the layer's height (--save-time-h), so a screen's sticky bar sticks above it, not under it.
    const observer = layer && frame && typeof ResizeObserver === "function" ? new ResizeObserver(() => frame.style.setProperty("--save-time-h", `${layer.offsetHeight}px`)) : null;
    if (layer) observer?.observe(layer);
    return () => {
      observer?.disconnect();
      frame?.style.removeProperty("--save-time-h");
      if (layer?.contains(document.activeElement)) focusMain();
    };
  }, []);
  useLayoutEffect(() => {
    if (scrolledAway && ref.current?.contains(document.activeElement)) focusMain();
  }, [scrolledAway]);
  return (
    <section
      ref={ref}
      className="save-time-layer"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-scrolled-away={scrolledAway || undefined}
      inert={scrolledAway}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.stopPropagation();
        onClose();
      }}
    >
      <div className="save-time-text">
        <h2 id={titleId}>
          <FormattedMessage id="saveTime.title" />
        </h2>
        <p id={bodyId}>
          <FormattedMessage id="saveTime.body" />
        </p>
      </div>
      <Button className="button primary save-time-login" onPress={onLogin}>
        <Icon node={LogIn} size={18} aria-hidden="true" />
        <FormattedMessage id="saveTime.login" />
      </Button>
      <Button className="button save-time-close" aria-label={intl.formatMessage({ id: "saveTime.close" })} onPress={onClose}>
        <Icon node={X} size={20} aria-hidden="true" />
      </Button>
    </section>
  );
}
