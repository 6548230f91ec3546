import { queryOptions } from "@tanstack/react-query";

/** react-query keys of the theme area: the CSS variables of a primary colour. */
export const themeKeys = {
  colours: (primaryColor: string) => ["theme", primaryColor] as const,
};

/**
 * The CSS variables (`--brand`, `--on-brand`, `--brand-text`, `--focus-ring`) of a shop theme's `primaryColor` (spec §3
 * shopTheme; ui/theme/theme-colours.ts themeCssVariables), as a query that never goes stale: computed once per colour.
 * A query, so that the server computes it for a page it renders and the browser takes it from the page's state: the
 * colour library (culori, about 8 KB gzipped) then loads only when the browser meets a shop it has no colours for
 * (client-side navigation to another shop), not with the first load of every shop page.
 */
export const themeQuery = (primaryColor: string) =>
  queryOptions({
    queryKey: themeKeys.colours(primaryColor),
    queryFn: () => import("./theme-colours.ts").then((m) => m.themeCssVariables({ primaryColor })),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
