import { Globe } from "lucide";
import { Icon } from "../common/icon.tsx";
import { LOCALE_NAMES, type Locale } from "../../domain/locale.ts";

/** The language picker's face: a globe and the language, its code on narrow screens (CSS); shared by the picker's button and its look-alike while it loads. */
export function LanguageFace({ locale }: { locale: Locale }) {
  return (
    <>
      <Icon node={Globe} size={18} aria-hidden="true" />
      <span className="lang-name">{LOCALE_NAMES[locale]}</span>
      <span className="lang-code" aria-hidden="true">
        {locale.toUpperCase()}
      </span>
    </>
  );
}
