import { queryOptions } from "@tanstack/react-query";

/** react-query keys of the theme area: the CSS variables of a primary colour. */
export const themeKeys = {
  colours: (primaryColor: string) => ["theme", primaryColor] as const,
};

/**
 * The CSS variables of a theme's `primaryColor` (spec §3 shopTheme) as a query that never goes stale, so a
 * server-rendered page carries them and the colour library loads only for an unknown colour.
 */
export const themeQuery = (primaryColor: string) =>
  queryOptions({
    queryKey: themeKeys.colours(primaryColor),
    queryFn: () => import("./theme-colours.ts").then((m) => m.themeCssVariables({ primaryColor })),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
