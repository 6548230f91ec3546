import { lazy, Suspense } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { LazySelectField } from "../common/lazy-select-field.tsx";
import type { TravelSettings } from "../../domain/travel.schema.ts";
import { isHotelPersons, MAX_HOTEL_PERSONS, MIN_HOTEL_PERSONS } from "../../domain/hotel-persons.ts";
import { isIsoDate } from "../../domain/travel.ts";
import { StepperField } from "./stepper-field.tsx";
import { categoryLabel } from "./travel-labels.tsx";
import type { TravelFilters } from "../shop/travel-keys.ts";

const TravelDateFilter = lazy(() => import("./travel-date-filter.tsx"));

const ALL = "all";

/** Reads the hotel filters from the query string (persons, category, rating, date); bad values fall back to the settings' default persons and no filter. spec §3 Hotel filters, §9 persons 1..50. */
export const filtersFromQuery = (params: URLSearchParams, defaultPersons: number): TravelFilters => {
  const persons = Number(params.get("persons"));
  const rating = Number(params.get("rating"));
  const category = params.get("category") ?? "";
  const date = params.get("date") ?? "";
  return {
    persons: params.has("persons") && isHotelPersons(persons) ? persons : defaultPersons,
    ...(category !== "" ? { category } : {}),
    ...(params.has("rating") && Number.isInteger(rating) && rating > 0 ? { rating } : {}),
    ...(isIsoDate(date) ? { date } : {}),
  };
};

/** Writes the hotel filters into a copy of the query string, keeping its other parameters (spec §2 "the query string is kept"), so a filtered list is a link. */
export const queryWithFilters = (params: URLSearchParams, filters: TravelFilters): URLSearchParams => {
  const next = new URLSearchParams(params);
  next.set("persons", String(filters.persons));
  for (const key of ["category", "rating", "date"] as const) {
    const value = filters[key];
    if (value === undefined || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  return next;
};

/** Props of TravelFilterForm: the Travel API settings (categories, ratings, stay window), the current filters and the change callback. */
export interface TravelFilterFormProps {
  readonly settings: TravelSettings;
  readonly filters: TravelFilters;
  readonly onChange: (filters: TravelFilters) => void;
}

/** The hotel filters of spec §3 (persons 1..50, category, minimum rating, a night of the stay), react-aria widgets; every change calls onChange with the whole filter set. */
export function TravelFilterForm({ settings, filters, onChange }: TravelFilterFormProps) {
  const intl = useIntl();
  const set = (patch: Partial<Record<keyof TravelFilters, string | number | undefined>>) => {
    const merged = { ...filters, ...patch } as Record<string, unknown>;
    for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
    onChange(merged as unknown as TravelFilters);
  };
  return (
    <form className="travel-filters card" aria-label={intl.formatMessage({ id: "travel.filters.label" })} onSubmit={(e) => e.preventDefault()}>
      <StepperField
        value={filters.persons}
        minValue={Math.max(MIN_HOTEL_PERSONS, settings.persons.min)}
        maxValue={Math.min(MAX_HOTEL_PERSONS, settings.persons.max)}
        onChange={(value) => (isHotelPersons(value) ? set({ persons: value }) : undefined)}
        label={<FormattedMessage id="travel.filters.persons" />}
      />
      <LazySelectField
        label={intl.formatMessage({ id: "travel.filters.category" })}
        selectedKey={filters.category ?? ALL}
        options={[{ id: ALL, label: intl.formatMessage({ id: "travel.filters.allCategories" }) }, ...settings.categories.map((c) => ({ id: c, label: categoryLabel(intl, c) }))]}
        onChange={(key) => set({ category: key === ALL ? undefined : key })}
      />
      <LazySelectField
        label={intl.formatMessage({ id: "travel.filters.rating" })}
        selectedKey={filters.rating === undefined ? ALL : String(filters.rating)}
        options={[
          { id: ALL, label: intl.formatMessage({ id: "travel.filters.anyRating" }) },
          ...[...settings.ratings].sort((a, b) => a - b).map((r) => ({ id: String(r), label: intl.formatMessage({ id: "travel.filters.ratingAtLeast" }, { stars: r }) })),
        ]}
        onChange={(key) => set({ rating: key === ALL ? undefined : Number(key) })}
      />
      <Suspense fallback={<div className="date-filter" />}>
        <TravelDateFilter settings={settings} date={filters.date} onChange={(date) => set({ date })} />
      </Suspense>
    </form>
  );
}
