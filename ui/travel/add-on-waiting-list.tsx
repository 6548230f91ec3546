import { Button, Heading } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { addOnId } from "../../domain/add-on-id.ts";
import type { AddOnWaitingEntry } from "../../domain/add-on-waiting-list.schema.ts";
import type { TravelExtra } from "../../domain/travel.schema.ts";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import { useAddOnWaitingList, useChangeAddOnWaitingList } from "./add-on-waiting-list.queries.ts";

/** Props of AddOnWaitingLists: the earlier order, the travel id and package of its hotel, whether writes are paused, and how to add an offered unit to the order's add-on cart. */
export interface AddOnWaitingListsProps {
  readonly reference: string;
  readonly travelId: string;
  readonly packageId: string;
  readonly disabled: boolean;
  readonly onTake: (extra: TravelExtra) => Promise<unknown>;
}

/**
 * The waiting lists of order `reference` on the add-on screen (spec §1, §3; docs/shop-api.md): join, leave, or take the
 * reserved unit before its deadline.
 */
export function AddOnWaitingLists({ reference, travelId, packageId, disabled, onTake }: AddOnWaitingListsProps) {
  const list = useAddOnWaitingList(reference, travelId, packageId);
  const change = useChangeAddOnWaitingList(reference);
  const { showFailure } = useErrorDialog();
  const entries = new Map((list.data?.entries ?? []).map((e) => [e.addonId, e]));
  const shown = list.data?.soldOut ?? [];
  // A Shop API without the waiting list (or a failed read) leaves the screen as it was: the list is an extra.
  if (shown.length === 0) return null;
  const busy = disabled || change.isPending || list.isFetching;
  return (
    <section className="card addon-waiting-list" aria-labelledby="addon-waiting-title">
      <Heading level={2} id="addon-waiting-title">
        <FormattedMessage id="travel.soldOut" />
      </Heading>
      <ul className="extras-list">
        {shown.map((extra) => (
          <li key={extra.id} className="extra-row" aria-label={extra.name}>
            <WaitingListRow
              extra={extra}
              entry={entries.get(addOnId(reference, extra.id))}
              disabled={busy}
              onJoin={() => change.mutate({ extraId: extra.id, action: "join" }, { onError: (e) => showFailure(e) })}
              onLeave={() => change.mutate({ extraId: extra.id, action: "leave" }, { onError: (e) => showFailure(e) })}
              onTake={() => void onTake(extra).finally(() => list.refetch())}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface WaitingListRowProps {
  readonly extra: TravelExtra;
  readonly entry: AddOnWaitingEntry | undefined;
  readonly disabled: boolean;
  readonly onJoin: () => void;
  readonly onLeave: () => void;
  readonly onTake: () => void;
}

function WaitingListRow({ extra, entry, disabled, onJoin, onLeave, onTake }: WaitingListRowProps) {
  const intl = useIntl();
  const name = <span className="strong">{extra.name}</span>;
  if (entry?.status === "offered") {
    const until = entry.offerExpiresAt ? intl.formatTime(new Date(entry.offerExpiresAt), { hour: "2-digit", minute: "2-digit" }) : null;
    return (
      <>
        <p role="status">
          <FormattedMessage id="traveladdon.waitlist.offered" values={{ name, until: until ?? "…" }} />
        </p>
        <Button className="button primary" isDisabled={disabled} onPress={onTake}>
          <FormattedMessage id="traveladdon.waitlist.take" />
        </Button>
      </>
    );
  }
  if (entry?.status === "waiting")
    return (
      <>
        <p role="status">
          <FormattedMessage id="traveladdon.waitlist.position" values={{ name, position: entry.position ?? 1 }} />
        </p>
        <Button className="button" isDisabled={disabled} onPress={onLeave}>
          <FormattedMessage id="traveladdon.waitlist.leave" />
        </Button>
      </>
    );
  return (
    <>
      <p>{entry?.status === "expired" ? <FormattedMessage id="traveladdon.waitlist.expired" values={{ name }} /> : name}</p>
      <Button className="button primary" isDisabled={disabled} onPress={onJoin}>
        <FormattedMessage id="traveladdon.waitlist.join" />
      </Button>
    </>
  );
}
