import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { LOCALE_NAMES, type Locale, SUPPORTED_LOCALES } from "../../domain/locale.ts";
import { useOpenOnMount } from "../common/open-on-mount.ts";
import { useLocale } from "../i18n/locale-provider.tsx";
import { LanguageFace } from "./language-face.tsx";

/** Language picker (spec §1 locales en, nl, es; the choice is stored in the locale cookie): a react-aria Select, open and focused as it mounts with `openOnMount`. Its own chunk, loaded on first use (header.tsx LanguageSelect). */
export function LanguagePicker({ openOnMount = false }: { openOnMount?: boolean }) {
  const { locale, switchLocale } = useLocale();
  const { trigger, isOpen, setOpen } = useOpenOnMount(openOnMount);
  return (
    <Select className="language-select" selectedKey={locale} onSelectionChange={(key) => switchLocale(key as Locale)} isOpen={isOpen} onOpenChange={setOpen}>
      <Label className="visually-hidden">
        <FormattedMessage id="header.language" />
      </Label>
      {/* The Select names its button by the value (the face: what the button shows) and the label. */}
      <Button ref={trigger} className="button ghost header-button">
        <SelectValue className="lang-face">
          <LanguageFace locale={locale} />
        </SelectValue>
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
