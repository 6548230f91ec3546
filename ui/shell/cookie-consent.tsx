import { lazy, Suspense, useState } from "react";
import type { CookieConsent } from "../../application/ports/consent-store.port.ts";
import { RecallConsent } from "../../application/use-cases/recall-consent.use-case.ts";
import { RememberConsent } from "../../application/use-cases/remember-consent.use-case.ts";
import { useUseCase } from "../use-cases.tsx";

/** RecallConsent and RememberConsent, or null when the container has no consent store (tests composing some ports only: nothing asked, nothing loaded). */
function useConsentUseCases(): { readonly recall: RecallConsent; readonly remember: RememberConsent } | null {
  try {
    // Both resolve or neither does (one port); the hooks run in the same order on every render.
    return { recall: useUseCase(RecallConsent), remember: useUseCase(RememberConsent) };
  } catch {
    return null;
  }
}

/** The visitor's cookie consent (remembered in a cookie by RememberConsent) and how to choose it; null until chosen. */
export function useCookieConsent(): { consent: CookieConsent | null; asked: boolean; choose: (consent: CookieConsent) => void } {
  const useCases = useConsentUseCases();
  const [consent, setConsent] = useState<CookieConsent | null>(() => useCases?.recall.execute() ?? null);
  return {
    consent,
    asked: useCases !== null,
    choose: (choice) => {
      useCases?.remember.execute({ consent: choice });
      setConsent(choice);
    },
  };
}

// The dialog's react-aria code loads only when the question is asked (a first visit), not with every page,
// and after the page has hydrated, not before as a lazy part (ui/common/lazy-part.tsx) would: its Dialog, Modal and
// focus scope are heavy code, which a first visit's hydration would otherwise wait for.
const ConsentDialog = lazy(() => import("./cookie-consent-dialog.tsx").then((m) => ({ default: m.ConsentDialog })));

/** The cookie consent dialog (cookie-consent-dialog.tsx) while `open`: asked once, until the visitor chooses. spec §2 Other layers, §7 Analytics. */
export function CookieConsentDialog({ open, brandColor, onChoose }: { open: boolean; brandColor: string; onChoose: (consent: CookieConsent) => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ConsentDialog brandColor={brandColor} onChoose={onChoose} />
    </Suspense>
  );
}
