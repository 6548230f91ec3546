import { ArrowLeft } from "lucide";
import { Icon } from "../common/icon.tsx";
import { lazy, Suspense } from "react";
import { Heading, Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { useParams } from "react-router-dom";
import { addOnBookings } from "../../domain/order-lookup.ts";
import { useKeepQuery } from "../shell/keep-query.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { AddOnGate } from "./add-on-lookup.tsx";
import { useAddOnOrders } from "../shop/add-on-orders.ts";
import "./travel.css";

// The package screen (amount fields, booking summary) is not on first paint: the order lookup comes first.
const AddOnPackage = lazy(() => import("./add-on-package.tsx").then((m) => ({ default: m.AddOnPackage })));

/**
 * /{slug}/traveladdon/{detail} (spec §2 Routes, §3 Previous order): the hotel an earlier order booked and its extras
 * available as add-ons, each with an amount field.
 */
export function TravelAddonDetailRoute() {
  const { slug } = useCurrentShop();
  const keepQuery = useKeepQuery();
  return (
    <div className="page travel travel-addon travel-detail">
      <Link className="back-link" href={keepQuery(`/${slug}/traveladdon`)}>
        <Icon node={ArrowLeft} size={18} aria-hidden="true" /> <FormattedMessage id="traveladdon.back" />
      </Link>
      {/* The screen's own h1 comes with the package; until the order is found the gate's screen carries the title. */}
      <AddOnGate
        heading={
          <Heading level={1}>
            <FormattedMessage id="traveladdon.title" />
          </Heading>
        }
      >
        {() => <AddOnDetail />}
      </AddOnGate>
    </div>
  );
}

function AddOnDetail() {
  const { detail = "" } = useParams();
  const { config } = useCurrentShop();
  const intl = useIntl();
  const orders = useAddOnOrders();
  const booking = orders ? addOnBookings(orders).find((b) => b.packageSlug === detail) : undefined;
  if (!booking || !config.apiTravelId)
    return (
      <>
        <Heading level={1}>
          <FormattedMessage id="traveladdon.title" />
        </Heading>
        <p className="notice" role="status">
          <FormattedMessage id="traveladdon.notFound" />
        </p>
      </>
    );
  return (
    <Suspense fallback={<div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} />}>
      <AddOnPackage travelId={config.apiTravelId} booking={booking} />
    </Suspense>
  );
}
