import { useState } from "react";
import type { CookieConsent } from "../../application/ports/consent-store.port.ts";
import { RememberConsent } from "../../application/use-cases/remember-consent.use-case.ts";
import { useUseCase } from "../use-cases.tsx";
import { lazyPart } from "../common/lazy-part.tsx";

/** RememberConsent, or null when the container has no consent store (tests composing some ports only: nothing asked, nothing loaded). */
function useRememberConsent(): RememberConsent | null {
  try {
    return useUseCase(RememberConsent);
  } catch {
    return null;
  }
}

/** The visitor's cookie consent (remembered in a cookie by RememberConsent) and how to choose it; null until chosen. */
export function useCookieConsent(): { consent: CookieConsent | null; asked: boolean; choose: (consent: CookieConsent) => void } {
  const remember = useRememberConsent();
  const [consent, setConsent] = useState<CookieConsent | null>(() => remember?.recall() ?? null);
  return {
    consent,
    asked: remember !== null,
    choose: (choice) => {
      remember?.execute(choice);
      setConsent(choice);
    },
  };
}

// The dialog's react-aria code loads only when the question is asked (a first visit), not with every page (issue 12);
// a page rendered with the question loads it before hydrating (lazyPart).
const ConsentDialog = lazyPart<{ brandColor: string; onChoose: (consent: CookieConsent) => void }>("ui/shell/cookie-consent-dialog.tsx", () => import("./cookie-consent-dialog.tsx"), "ConsentDialog");

/** The cookie consent dialog (cookie-consent-dialog.tsx) while `open`: asked once, until the visitor chooses. spec §2 Other layers, §7 Analytics. */
export function CookieConsentDialog({ open, brandColor, onChoose }: { open: boolean; brandColor: string; onChoose: (consent: CookieConsent) => void }) {
  if (!open) return null;
  return <ConsentDialog brandColor={brandColor} onChoose={onChoose} />;
}
