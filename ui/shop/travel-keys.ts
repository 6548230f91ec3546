// The travel area's query keys and the hotel filters they hold, apart from the queries, so that the travel screens'
// queries (travel.queries.ts) and the hotel booking's alone (travel-cart.queries.ts, the checkout's) share them.

/** The hotel filters of the travel list as kept in the query string (spec §3 Hotel filters): persons 1..50, category, minimum rating, a night of the stay (YYYY-MM-DD). */
export interface TravelFilters {
  readonly persons: number;
  readonly category?: string;
  readonly rating?: number;
  readonly date?: string;
}

/** Hierarchical react-query keys of the travel area: travel > settings | packages(filters) | package(slug, persons) | cart. */
export const travelKeys = {
  all: (slug: string) => ["shops", slug, "travel"] as const,
  settings: (slug: string) => ["shops", slug, "travel", "settings"] as const,
  packages: (slug: string, filters: TravelFilters) => ["shops", slug, "travel", "packages", filters] as const,
  detail: (slug: string, packageSlug: string, persons: number) => ["shops", slug, "travel", "detail", packageSlug, persons] as const,
  cart: (slug: string) => ["shops", slug, "travel", "cart"] as const,
};
