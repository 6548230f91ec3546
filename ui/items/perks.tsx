import { useEffect, useRef } from "react";
import { Button, Disclosure, DisclosurePanel, Heading } from "react-aria-components";
import { FormattedMessage } from "react-intl";

/**
 * An item's perks (spec §3 Product `meta.perks`, §2 Item screens) as a Disclosure, loaded on first use; `openOnMount`
 * opens it with focus on its button.
 */
export function PerksDisclosure({ perks, level, openOnMount = false }: { perks: ReadonlyArray<string>; level: number; openOnMount?: boolean }) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (openOnMount) trigger.current?.focus();
  }, [openOnMount]);
  return (
    <Disclosure className="perks" defaultExpanded={openOnMount}>
      <Heading level={level}>
        <Button slot="trigger" className="button link" ref={trigger}>
          <FormattedMessage id="tickets.perks" />
        </Button>
      </Heading>
      <DisclosurePanel>
        <ul>
          {perks.map((perk) => (
            <li key={perk}>{perk}</li>
          ))}
        </ul>
      </DisclosurePanel>
    </Disclosure>
  );
}
