import { createContext, lazy, type ReactNode, Suspense, useContext, useState, useSyncExternalStore } from "react";
import { UNSTABLE_ToastQueue as ToastQueue } from "react-aria-components";

/** One toast: a title and an optional description, already translated (spec §2 "Toast for conditional products and disclaimers"). */
export interface ShopToast {
  readonly title: string;
  readonly description?: string;
}

const ToastContext = createContext<ToastQueue<ShopToast> | null>(null);

// The region (react-aria Toast, landmark and focus code) loads when the first toast shows, not with the page.
const ShopToastRegion = lazy(() => import("./toast-region.tsx").then((m) => ({ default: m.ShopToastRegion })));

/** The toast region of the shop (react-aria Toast): provides `useToasts().add(toast, { timeout })` to every screen. spec §2 Other layers, §4 Upsell and toasts. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue] = useState(() => new ToastQueue<ShopToast>({ maxVisibleToasts: 3 }));
  const showing = useSyncExternalStore(
    (onChange) => queue.subscribe(onChange),
    () => queue.visibleToasts.length > 0,
    () => false,
  );
  // Once mounted the region stays: react-aria's region hands focus back when its last toast closes.
  const [needed, setNeeded] = useState(false);
  if (showing && !needed) setNeeded(true);
  return (
    <ToastContext.Provider value={queue}>
      {children}
      {showing || needed ? (
        <Suspense fallback={null}>
          <ShopToastRegion queue={queue} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

/** The shop's toast queue (`add(toast, { timeout })` in ms); throws outside a ToastProvider (a bug). */
export function useToasts(): ToastQueue<ShopToast> {
  const queue = useContext(ToastContext);
  if (!queue) throw new Error("useToasts needs a ToastProvider");
  return queue;
}
