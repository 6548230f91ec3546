import { useEffect } from "react";
import { Heading, Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import type { AddOnBooking } from "../../domain/order-lookup.schema.ts";
import { isTravelPurchase } from "../../domain/order-lookup.ts";
import type { TravelCart } from "../../domain/travel.schema.ts";
import { addOnId, parseAddOnId } from "../../domain/add-on-id.ts";
import { DEFAULT_HOTEL_PERSONS } from "../../domain/hotel-persons.ts";
import { formatFestivalDate } from "../common/format.ts";
import { Money } from "../common/money.tsx";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import { useKeepQuery } from "../shell/keep-query.ts";
import { useCart, useCurrentShop, useShopUpdateState } from "../shop/shop-context.tsx";
import { TravelBookingSummary } from "../items/travel-booking.tsx";
import { ExtraGroups } from "./travel-choices.tsx";
import { preloadStepperField } from "./stepper-field.tsx";
import { categoryLabel, Stars } from "./travel-labels.tsx";
import { useChangeAddOn, useTravelPackage } from "./travel.queries.ts";
import { useTravelCart } from "../shop/travel-cart.queries.ts";
import { lazyPart } from "../common/lazy-part.tsx";

// The waiting list of sold-out extras loads after the add-ons on sale.
const AddOnWaitingLists = lazyPart("ui/travel/add-on-waiting-list.tsx", () => import("./add-on-waiting-list.tsx"), "AddOnWaitingLists");

/** The add-on lines of this order in the travel cart (null when the cart holds none), so a regular booking never shows here. */
const addOnsOfOrder = (travelCart: TravelCart | null | undefined, reference: string): TravelCart | null => {
  if (!travelCart) return null;
  const addOns = travelCart.addOns.filter((a) => parseAddOnId(a.addonId)?.reference === reference);
  return addOns.length > 0 ? { ...travelCart, addOns } : null;
};

/**
 * One hotel of a previous order on the add-on screen (spec §3 Previous order): the booking, this visit's add-ons and
 * the package's extras as add-ons by category; loaded lazily.
 */
export function AddOnPackage({ travelId, booking }: { travelId: string; booking: AddOnBooking }) {
  // The extras' amount fields' code comes with the package data (ui/travel/stepper-field.tsx).
  useEffect(preloadStepperField, []);
  const intl = useIntl();
  const { slug } = useCurrentShop();
  const keepQuery = useKeepQuery();
  const reference = booking.offer.reference;
  const detail = useTravelPackage(travelId, booking.packageSlug, DEFAULT_HOTEL_PERSONS);
  const travelCart = useTravelCart();
  const cart = useCart();
  const change = useChangeAddOn(travelId, reference);
  const updateState = useShopUpdateState();
  const { showFailure } = useErrorDialog();
  const busy = updateState !== "idle";
  if (detail.isError)
    return (
      <>
        <Heading level={1}>{booking.offer.cart.package.name}</Heading>
        <p className="notice" role="status">
          <FormattedMessage id="travel.notFound" />
        </p>
      </>
    );
  if (!detail.data || travelCart.isPending) return <div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} />;
  const { pkg, extras } = detail.data;
  const addOns = addOnsOfOrder(travelCart.data, reference);
  const travelPurchases = (booking.order?.purchases ?? []).filter(isTravelPurchase);
  return (
    <>
      <Heading level={1}>{pkg.name}</Heading>
      <p className="travel-meta">
        <Stars rating={pkg.rating} /> <span className="badge">{categoryLabel(intl, pkg.category)}</span>
      </p>
      <p className="muted">
        <FormattedMessage id="traveladdon.order" values={{ reference }} /> ·{" "}
        <FormattedMessage id="travel.stay" values={{ from: formatFestivalDate(pkg.startOfStayDate, intl.locale), to: formatFestivalDate(pkg.endOfStayDate, intl.locale) }} />
      </p>
      <section className="card" aria-labelledby="addon-booked-title">
        <Heading level={2} id="addon-booked-title">
          <FormattedMessage id="traveladdon.booked.title" />
        </Heading>
        <ul className="addon-purchases">
          {travelPurchases.map((p) => (
            <li key={p.id}>
              {p.quantity} × {p.title} · <Money cents={p.price} />
            </li>
          ))}
        </ul>
      </section>
      {busy ? (
        <p className="muted" role="status">
          <FormattedMessage id="travel.booking.updating" />
        </p>
      ) : null}
      {addOns ? <TravelBookingSummary travelCart={addOns} titleId="traveladdon.yourAddOns" /> : null}
      <section aria-labelledby="addon-available-title">
        <Heading level={2} id="addon-available-title">
          <FormattedMessage id="traveladdon.available.title" />
        </Heading>
        {extras.length === 0 ? (
          <p className="notice" role="status">
            <FormattedMessage id="traveladdon.noneAvailable" />
          </p>
        ) : (
          <ExtraGroups
            extras={extras}
            amountOf={(extra) => addOns?.addOns.find((a) => a.addonId === addOnId(reference, extra.id))?.quantity ?? 0}
            disabled={busy}
            showStock
            onChange={(extra, quantity) => change.mutate({ extraId: extra.id, quantity }, { onError: (e) => showFailure(e, cart.data?.id) })}
          />
        )}
      </section>
      <AddOnWaitingLists
        reference={reference}
        travelId={travelId}
        packageId={pkg.id}
        disabled={busy}
        onTake={(extra) => change.mutateAsync({ extraId: extra.id, quantity: (addOns?.addOns.find((a) => a.addonId === addOnId(reference, extra.id))?.quantity ?? 0) + 1 }).catch((e: unknown) => showFailure(e, cart.data?.id))}
      />
      <div className="bottom-bar">
        <Link className="button primary large" href={keepQuery(`/${slug}/checkout`)}>
          <FormattedMessage id="nav.go_to_checkout" />
        </Link>
      </div>
    </>
  );
}
