import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { LOCALE_NAMES, type Locale, SUPPORTED_LOCALES } from "../../domain/locale.ts";
import { useLocale } from "../i18n/locale-provider.tsx";

/** Language picker (spec §1 locales en, nl, es; the choice is stored in the locale cookie). */
export function LanguageSelect() {
  const { locale, switchLocale } = useLocale();
  return (
    <Select className="language-select" selectedKey={locale} onSelectionChange={(key) => switchLocale(key as Locale)}>
      <Label className="visually-hidden">
        <FormattedMessage id="header.language" />
      </Label>
      <Button className="button ghost">
        <SelectValue />
      </Button>
      <Popover>
        <ListBox className="listbox">
          {SUPPORTED_LOCALES.map((code) => (
            <ListBoxItem key={code} id={code} className="listbox-item">
              {LOCALE_NAMES[code]}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

