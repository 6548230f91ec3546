import { useId, useLayoutEffect, useRef } from "react";
import { Button } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { LogIn, X } from "lucide";
import { Icon } from "../common/icon.tsx";

/** Focuses the page's main region without scrolling, as route-focus.tsx focusMain does; importing that module here would make the bundler split the entry's chunks anew (more on every first load). */
const focusMain = () => {
  const main = document.getElementById("main");
  if (!main) return;
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus({ preventScroll: true });
};

/**
 * The save-time login layer (spec §2 Other layers, §4): a non-modal dialog at the bottom with Log in and Close that
 * leaves focus where it is and closes on scroll, hence no react-aria Modal.
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
