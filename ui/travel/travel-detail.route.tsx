import { ArrowLeft } from "lucide";
import { Icon } from "../common/icon.tsx";
import { useEffect, useState } from "react";
import { Heading, Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { useParams, useSearchParams } from "react-router-dom";
import type { ShopApiError } from "../../application/errors.ts";
import { DEFAULT_HOTEL_PERSONS, isHotelPersons, MAX_HOTEL_PERSONS, MIN_HOTEL_PERSONS } from "../../domain/hotel-persons.ts";
import { ticketsInCart } from "../../domain/quantities.ts";
import { formatFestivalDate } from "../common/format.ts";
import { meaningOf, useErrorDialog } from "../shell/error-dialog.tsx";
import { useKeepQuery } from "../shell/keep-query.ts";
import { useCart, useCurrentShop, useProducts, useShopUpdateState } from "../shop/shop-context.tsx";
import { preloadStepperField, StepperField } from "./stepper-field.tsx";
import { TravelBookingSummary, travelRemovalNotice } from "../items/travel-booking.tsx";
import { RoomOptions, TravelExtras } from "./travel-choices.tsx";
import { categoryLabel, Stars } from "./travel-labels.tsx";
import { extraAnalyticsLine, roomAnalyticsLine, useTravelAnalytics } from "./travel-analytics.ts";
import { TravelOccupantsDialog, TravelOccupantsNotice } from "../items/travel-occupants-notice.tsx";
import { useBookRoom, useChangeExtra, useRemoveBooking, useTravelPackage } from "./travel.queries.ts";
import { useTravelCart } from "../shop/travel-cart.queries.ts";
import "./travel.css";
import { isTagged } from "../common/is-tagged.ts";

/** /{slug}/travel/{detail} (spec §2 Routes, §3 Travel): one package by its derived slug with images, description, room options for the chosen persons, extras by category, and the visitor's booking with its changes. */
export function TravelDetailRoute() {
  const { config } = useCurrentShop();
  const { detail = "" } = useParams();
  const intl = useIntl();
  if (!config.apiTravelId)
    return (
      <div className="page travel">
        <Heading level={1}>{intl.formatMessage({ id: "travel.title" })}</Heading>
        <p className="notice">{intl.formatMessage({ id: "travel.noPackages" })}</p>
      </div>
    );
  return <TravelDetail travelId={config.apiTravelId} packageSlug={detail} />;
}

/** The persons of the detail screen: the query string's `persons` (1..50), else the booked persons, else DEFAULT_HOTEL_PERSONS. */
const personsOf = (params: URLSearchParams, booked: number | undefined): number => {
  const fromQuery = Number(params.get("persons"));
  if (params.has("persons") && isHotelPersons(fromQuery)) return fromQuery;
  return booked !== undefined && isHotelPersons(booked) ? booked : DEFAULT_HOTEL_PERSONS;
};

function TravelDetail({ travelId, packageSlug }: { travelId: string; packageSlug: string }) {
  // The persons and extras fields' code comes with the package data, not before hydrating (ui/travel/stepper-field.tsx).
  useEffect(preloadStepperField, []);
  const intl = useIntl();
  const { slug } = useCurrentShop();
  const keepQuery = useKeepQuery();
  const [params, setParams] = useSearchParams();
  const travelCart = useTravelCart();
  const booking = travelCart.data && travelCart.data.slug === packageSlug ? travelCart.data : null;
  const persons = personsOf(params, booking?.occupation || undefined);
  const detail = useTravelPackage(travelId, packageSlug, persons);
  const cart = useCart();
  const products = useProducts();
  const book = useBookRoom(travelId);
  const changeExtra = useChangeExtra(travelId);
  const remove = useRemoveBooking(travelId);
  const updateState = useShopUpdateState();
  const { show, showFailure } = useErrorDialog();
  const analytics = useTravelAnalytics();
  const [failure, setFailure] = useState<{ optionId: string; text: string } | undefined>();
  const busy = updateState !== "idle";
  const backLink = (
    <Link className="back-link" href={keepQuery(`/${slug}/travel`)}>
      <Icon node={ArrowLeft} size={18} aria-hidden="true" /> <FormattedMessage id="travel.back" />
    </Link>
  );
  if (detail.isError)
    return (
      <div className="page travel">
        {backLink}
        <Heading level={1}>{intl.formatMessage({ id: "travel.title" })}</Heading>
        <p className="notice" role="status">
          <FormattedMessage id="travel.notFound" />
        </p>
      </div>
    );
  if (!detail.data || travelCart.isPending) return <div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} />;
  const { pkg, options, extras } = detail.data;
  const tickets = ticketsInCart(products.data ?? [], cart.data?.products ?? {});
  const removeBooking = () => {
    show(travelRemovalNotice(tickets, () => remove.mutate(undefined, { onError: (e) => showFailure(e, cart.data?.id) })));
  };
  return (
    <div className="page travel travel-detail">
      {backLink}
      <Heading level={1}>{pkg.name}</Heading>
      <p className="travel-meta">
        <Stars rating={pkg.rating} /> <span className="badge">{categoryLabel(intl, pkg.category)}</span>
      </p>
      <div className="travel-images" role="group" aria-label={intl.formatMessage({ id: "travel.images" }, { name: pkg.name })}>
        {pkg.images.map((src, i) => (
          <img key={src + i} src={src} alt={i === 0 ? pkg.name : ""} width={640} height={360} className="travel-image" />
        ))}
      </div>
      <p>
        <FormattedMessage
          id="travel.description"
          values={{ category: categoryLabel(intl, pkg.category), stars: pkg.rating, from: formatFestivalDate(pkg.startOfStayDate, intl.locale), to: formatFestivalDate(pkg.endOfStayDate, intl.locale), occupation: pkg.occupation }}
        />
      </p>
      <TravelOccupantsDialog />
      {busy ? (
        <p className="muted" role="status">
          <FormattedMessage id="travel.booking.updating" />
        </p>
      ) : null}
      {booking ? <TravelBookingSummary travelCart={booking} onRemove={removeBooking} disabled={busy} /> : null}
      {booking ? <TravelOccupantsNotice /> : null}
      <section aria-labelledby="rooms-title">
        <Heading level={2} id="rooms-title">
          <FormattedMessage id="travel.rooms.title" />
        </Heading>
        <StepperField
          className="persons-field"
          value={persons}
          minValue={MIN_HOTEL_PERSONS}
          maxValue={MAX_HOTEL_PERSONS}
          label={<FormattedMessage id="travel.filters.persons" />}
          onChange={(value) => {
            if (!isHotelPersons(value)) return;
            const next = new URLSearchParams(params);
            next.set("persons", String(value));
            setParams(next, { replace: true });
          }}
        />
        <RoomOptions
          options={options}
          persons={persons}
          booked={booking}
          disabled={busy}
          failure={failure}
          onBook={(option) => {
            setFailure(undefined);
            book.mutate(
              { optionId: option.id, persons },
              {
                onSuccess: () => {
                  // A switch gives the old room back first, then adds the new one with its roomPrice (spec §7).
                  const old = booking?.packageOption ? options.find((o) => o.id === booking.packageOption?.id) : undefined;
                  if (old && booking) analytics.change(roomAnalyticsLine(pkg, old, booking.occupation), booking.occupation, 0);
                  analytics.change(roomAnalyticsLine(pkg, option, persons), 0, persons);
                },
                // A sold-out room (5000, follow-up soldOut) is marked on its option with the server's text.
                onError: (e) =>
                  void meaningOf(e).then((meaning) =>
                    meaning.then === "soldOut" && isTagged<ShopApiError>(e, "ShopApiError") ? setFailure({ optionId: option.id, text: e.message }) : showFailure(e, cart.data?.id),
                  ),
              },
            );
          }}
        />
      </section>
      {extras.length > 0 ? (
        <section aria-labelledby="extras-title">
          <Heading level={2} id="extras-title">
            <FormattedMessage id="travel.extras.title" />
          </Heading>
          <TravelExtras
            extras={extras}
            booked={booking}
            disabled={busy}
            onChange={(extra, amount) => {
              const before = booking?.extras.find((b) => b.extraId === extra.id)?.amount ?? 0;
              changeExtra.mutate(
                { extraId: extra.id, amount },
                { onSuccess: () => analytics.change(extraAnalyticsLine(extra, amount), before, amount), onError: (e) => showFailure(e, cart.data?.id) },
              );
            }}
          />
        </section>
      ) : null}
      <div className="bottom-bar">
        <Link className="button primary large" href={keepQuery(`/${slug}/tickets`)}>
          <FormattedMessage id="travel.goToTickets" />
        </Link>
      </div>
    </div>
  );
}
