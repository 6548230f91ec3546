import "./shell.css";
import { lazy, useId, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { FirstUseButton, LoadOnFirstUse } from "../common/load-on-first-use.tsx";
import { useLocale } from "../i18n/locale-provider.tsx";
import { LanguageFace } from "./language-face.tsx";

// The picker's react-aria Select, ListBox and Popover load on its first use, not with the page.
const loadLanguagePicker = () => import("./language-select.tsx");
const LazyLanguagePicker = lazy(() => loadLanguagePicker().then((m) => ({ default: m.LanguagePicker })));

/**
 * Language picker (spec §1 locales en, nl, es; the choice is stored in the locale cookie). Its code loads on first
 * use: until then its closed button is a working trigger, named as the picker's own ("Language"), that loads the
 * picker and opens it (hovering or focusing it fetches the code ahead).
 */
export function LanguageSelect() {
  const { locale } = useLocale();
  const labelId = useId();
  const faceId = useId();
  return (
    <LoadOnFirstUse
      load={loadLanguagePicker}
      placeholder={(firstUse) => (
        <div className="language-select">
          <span id={labelId} className="visually-hidden">
            <FormattedMessage id="header.language" />
          </span>
          {/* Named by its face and "Language", as the picker's Select names its button (its value, then its label). */}
          <FirstUseButton firstUse={firstUse} className="button ghost header-button" aria-labelledby={`${faceId} ${labelId}`}>
            <span id={faceId} className="lang-face">
              <LanguageFace locale={locale} />
            </span>
          </FirstUseButton>
        </div>
      )}
    >
      <LazyLanguagePicker openOnMount />
    </LoadOnFirstUse>
  );
}

/**
 * Header of the pages outside a shop (spec §2 Header): the app's name, the page's own actions (`children`) and the
 * language picker. Apart from the shop's header (ui/shell/header.tsx): those pages load none of the shop's code.
 */
export function SiteHeader({ children }: { readonly children?: ReactNode }) {
  return (
    <header className="header">
      <span className="brand">
        <FormattedMessage id="app.title" />
      </span>
      <div className="header-actions">
        {children}
        <LanguageSelect />
      </div>
    </header>
  );
}
