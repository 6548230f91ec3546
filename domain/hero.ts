/** Width (px) of the spec's hero image query, the largest candidate of the hero's srcset. spec §2 Header. */
export const HERO_IMAGE_WIDTH = 1920;
/**
 * Widths (px) of the hero's srcset candidates (an image sized for the screen). The hero spans the viewport:
 * a 390 px phone takes 480 (1x), 800 (2x) or 1280 (3x); a 1280 px screen 1280 (1x) or 1920 (2x).
 */
export const HERO_IMAGE_WIDTHS: ReadonlyArray<number> = [480, 800, 1280, HERO_IMAGE_WIDTH];
/** The hero's `sizes`: it is as wide as the viewport. */
export const HERO_IMAGE_SIZES = "100vw";
/** Image query of a hero background `width` px wide: jpg, progressive, quality 80 (spec §2 Header: width 1920). */
export const heroImageQuery = (width: number): string => `fm=jpg&fl=progressive&w=${width}&q=80`;
/** Key in shopTheme.backgrounds of the image for checkout and payment status. spec §2 Header, §3 shopTheme. */
export const ORDER_COMPLETED_BACKGROUND = "orderCompleted";
/** Key in shopTheme.backgrounds of the main background, the last fallback. spec §2 Header. */
export const MAIN_BACKGROUND = "main";
/** Routes with their own background image (shopTheme.backgrounds key = route). spec §2 Header. */
export const ROUTE_BACKGROUNDS = ["tickets", "membership", "travel", "transportation", "merchandise", "extras"] as const;

/**
 * The hero background of a route step (null: the overview): the step's own image, else the festival hero, else the main
 * background; null when none is set. spec §2 Header.
 */
export const heroBackgroundFor = (
  step: string | null,
  backgrounds: Readonly<Record<string, string>> | undefined,
  festivalHero: string | undefined,
): string | null => {
  // Stryker disable next-line StringLiteral: the fallback only has to be no route name, which any other text is too
  const route = step ?? "";
  const own =
    step === "checkout" || step === "paymentstatus"
      ? backgrounds?.[ORDER_COMPLETED_BACKGROUND]
      : (ROUTE_BACKGROUNDS as ReadonlyArray<string>).includes(route)
        ? backgrounds?.[step!]
        : undefined;
  return own || festivalHero || backgrounds?.[MAIN_BACKGROUND] || null;
};

/** Adds the hero image query (default width 1920, HERO_IMAGE_QUERY) to an image address, keeping a query it already has. spec §2 Header. */
export const withHeroImageQuery = (url: string, width: number = HERO_IMAGE_WIDTH): string => `${url}${url.includes("?") ? "&" : "?"}${heroImageQuery(width)}`;

/** What the hero's img (and the server's preload of it) names: `src` at 1920 px, a `srcSet` of HERO_IMAGE_WIDTHS candidates and `sizes`. spec §2 Header. */
export interface HeroImageSources {
  readonly src: string;
  readonly srcSet: string;
  readonly sizes: string;
}

/** The hero's sources for an image address: the same image at each of HERO_IMAGE_WIDTHS (`url?…&w=480&q=80 480w, …`), 1920 as src. */
export const heroImageSources = (url: string): HeroImageSources => ({
  src: withHeroImageQuery(url),
  // A srcset candidate ends at whitespace and candidates are split at commas: those characters are escaped in the address.
  srcSet: HERO_IMAGE_WIDTHS.map((width) => `${withHeroImageQuery(url, width).replace(/[\s,]/g, encodeURIComponent)} ${width}w`).join(", "),
  sizes: HERO_IMAGE_SIZES,
});
