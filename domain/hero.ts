/** Image query of every hero background: jpg, progressive, width 1920, quality 80. spec §2 Header. */
export const HERO_IMAGE_QUERY = "fm=jpg&fl=progressive&w=1920&q=80";

/** Key in shopTheme.backgrounds of the image for checkout and payment status. spec §2 Header, §3 shopTheme. */
export const ORDER_COMPLETED_BACKGROUND = "orderCompleted";
/** Key in shopTheme.backgrounds of the main background, the last fallback. spec §2 Header. */
export const MAIN_BACKGROUND = "main";
/** Routes with their own background image (shopTheme.backgrounds key = route). spec §2 Header. */
export const ROUTE_BACKGROUNDS = ["tickets", "membership", "travel", "transportation", "merchandise", "extras"] as const;

/**
 * The hero background of a route step (null = the overview): checkout and paymentstatus take the order completed
 * image, tickets, membership, travel, transportation, merchandise and extras their own image; any route falls back to
 * the festival hero image, then to the main background; null when none is set. spec §2 Header.
 */
export const heroBackgroundFor = (
  step: string | null,
  backgrounds: Readonly<Record<string, string>> | undefined,
  festivalHero: string | undefined,
): string | null => {
  const own =
    step === "checkout" || step === "paymentstatus"
      ? backgrounds?.[ORDER_COMPLETED_BACKGROUND]
      : (ROUTE_BACKGROUNDS as ReadonlyArray<string>).includes(step ?? "")
        ? backgrounds?.[step!]
        : undefined;
  return own || festivalHero || backgrounds?.[MAIN_BACKGROUND] || null;
};

/** Adds HERO_IMAGE_QUERY to an image address (keeping a query it already has). spec §2 Header. */
export const withHeroImageQuery = (url: string): string => `${url}${url.includes("?") ? "&" : "?"}${HERO_IMAGE_QUERY}`;
