import { Globe } from "lucide";
import { Icon } from "../common/icon.tsx";
import { LOCALE_NAMES, type Locale } from "../../domain/locale.ts";

/**
 * The language picker's face: a globe and the language, its code on narrow screens (CSS, where the name stays for
 * screen readers only); shared by the picker's button and its look-alike while it loads. The face is part of the
 * button's accessible name, so what it shows is what a voice user can say (WCAG 2.5.3 Label in Name).
 */
export function LanguageFace({ locale }: { locale: Locale }) {
  return (
    <>
      <Icon node={Globe} size={18} aria-hidden="true" />
      <span className="lang-name">{LOCALE_NAMES[locale]}</span>
      <span className="lang-code">{locale.toUpperCase()}</span>
    </>
  );
}
