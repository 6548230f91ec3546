import { createContext, type ReactNode, useContext, useState } from "react";
import {
  Button,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
  Text,
} from "react-aria-components";
import { useIntl } from "react-intl";

/** One toast: a title and an optional description, already translated (spec §2 "Toast for conditional products and disclaimers"). */
export interface ShopToast {
  readonly title: string;
  readonly description?: string;
}

const ToastContext = createContext<ToastQueue<ShopToast> | null>(null);

/** The toast region of the shop (react-aria Toast): provides `useToasts().add(toast, { timeout })` to every screen. spec §2 Other layers, §4 Upsell and toasts. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue] = useState(() => new ToastQueue<ShopToast>({ maxVisibleToasts: 3 }));
  const intl = useIntl();
  return (
    <ToastContext.Provider value={queue}>
      {children}
      <ToastRegion queue={queue} className="toast-region" aria-label={intl.formatMessage({ id: "toast.region" })}>
        {({ toast }) => (
          <Toast toast={toast} className="toast">
            <ToastContent>
              <Text slot="title">{toast.content.title}</Text>
              {toast.content.description ? <Text slot="description">{toast.content.description}</Text> : null}
            </ToastContent>
            <Button slot="close" className="button ghost" aria-label={intl.formatMessage({ id: "error.close" })}>
              ×
            </Button>
          </Toast>
        )}
      </ToastRegion>
    </ToastContext.Provider>
  );
}

/** The shop's toast queue (`add(toast, { timeout })` in ms); throws outside a ToastProvider (a bug). */
export function useToasts(): ToastQueue<ShopToast> {
  const queue = useContext(ToastContext);
  if (!queue) throw new Error("useToasts needs a ToastProvider");
  return queue;
}
