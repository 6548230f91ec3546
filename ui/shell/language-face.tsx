import { Globe } from "lucide";
import { Icon } from "../common/icon.tsx";
import { LOCALE_NAMES, type Locale } from "../../domain/locale.ts";

/**
 * The language picker's face: a globe and the language (its code on narrow screens); part of the button's name, so a
 * voice user can say what it shows (WCAG 2.5.3).
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
