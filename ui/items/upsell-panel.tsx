import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { opensUpsellPanel } from "../../domain/upsell.ts";
import { useCurrentStep } from "../shell/shop-flow.tsx";
import { useCart, useCurrentShop, useProducts } from "../shop/shop-context.tsx";
import { upsellTotalOf, useTotalChange } from "../shop/use-total-change.ts";
import { useUpsellOffers } from "./upsell-offers.ts";

// The modal is not on first paint: its code loads the first time it opens (bundle budget, tests/budget).
const UpsellModal = lazy(() => import("./upsell-modal.tsx").then((m) => ({ default: m.UpsellModal })));

/** Where focus was before the panel opened: the element, the item card it sat in and its place among the card's controls (the add button is swapped for a spinner while the cart updates, then comes back as Remove). */
interface FocusOrigin {
  readonly element: HTMLElement;
  readonly card: Element | null;
  /** Place among the card's tabbable controls counted from the last one (the add button, later Remove, is last; the quantity Select before it may still be its look-alike). */
  readonly fromEnd: number;
}

const CONTROLS = "button, a[href], input, [tabindex]";
/** The card's controls a visitor can Tab to: visible, not hidden from assistive tech, not tabindex -1 (a Select's hidden native field is none of them, whether the Select has loaded or is still its look-alike). */
const controlsOf = (card: Element | null): HTMLElement[] =>
  card
    ? [...card.querySelectorAll<HTMLElement>(CONTROLS)].filter(
        (el) => el.tabIndex >= 0 && !el.closest("[aria-hidden=true]") && !el.hasAttribute("disabled") && el.getClientRects().length > 0,
      )
    : [];

/** Puts focus back where the visitor was: the same element, else the control at the same place from the end of the same item card, else the page's h1. */
const restoreFocus = (origin: FocusOrigin | null) => {
  const inCard = origin?.card?.isConnected ? controlsOf(origin.card) : [];
  const target =
    (origin?.element.isConnected ? origin.element : null) ??
    inCard[inCard.length - 1 - (origin?.fromEnd ?? 0)] ??
    document.querySelector<HTMLElement>("main h1");
  target?.focus();
};

/**
 * The tickets route's upsell panel (spec §4 Upsell and toasts): opens when the total rises with something left to offer
 * (domain opensUpsellPanel); closing puts focus back on the item.
 */
export function UpsellPanel({ baseline }: { readonly baseline?: number | undefined }) {
  const { config } = useCurrentShop();
  const step = useCurrentStep();
  const cart = useCart();
  const products = useProducts();
  const cartProducts = cart.data?.products ?? {};
  const offers = useUpsellOffers(products.data ?? [], cartProducts);
  const total = upsellTotalOf(cart, products);
  const lastFocus = useRef<FocusOrigin | null>(null);
  // Where the visitor was when the panel opened: taken once, so focus moves while it is open (react-aria's own restore
  // on close fires focusin outside the dialog) cannot change where focus goes back to.
  const origin = useRef<FocusOrigin | null>(null);
  const pending = useRef<(() => void) | null>(null);
  const [open, setOpen] = useState(false);
  const [restore, setRestore] = useState(false);

  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const element = event.target instanceof HTMLElement ? event.target : null;
      if (!element || element.closest("[role=dialog]")) return;
      const card = element.closest("article");
      const controls = controlsOf(card);
      lastFocus.current = { element, card, fromEnd: controls.length - 1 - controls.indexOf(element) };
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);

  useTotalChange(
    total,
    (before, after) => {
      if (opensUpsellPanel({ upsell: config.upsell, step, totalBefore: before, totalAfter: after, offers: offers.length })) {
        origin.current = lastFocus.current;
        setOpen(true);
      }
    },
    baseline,
  );

  useEffect(() => {
    if (!restore) return;
    // After react-aria's own focus restore (to the element focused when the modal opened, often <body> because the
    // add button was swapped for a spinner while the cart updated), which it schedules in an animation frame: two frames
    // later. Not cancelled when `restore` resets (that re-render would otherwise drop it); only on unmount.
    let inner = 0;
    const outer = window.requestAnimationFrame(() => {
      inner = window.requestAnimationFrame(() => restoreFocus(origin.current));
    });
    setRestore(false);
    pending.current = () => {
      window.cancelAnimationFrame(outer);
      window.cancelAnimationFrame(inner);
    };
  }, [restore]);
  useEffect(() => () => pending.current?.(), []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <UpsellModal
        offers={offers}
        onClose={() => {
          setOpen(false);
          setRestore(true);
        }}
        onLeave={() => setOpen(false)}
      />
    </Suspense>
  );
}
