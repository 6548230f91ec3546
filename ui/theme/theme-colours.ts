import {
  clampChroma,
  converter,
  formatHex,
  modeHsl,
  modeHwb,
  modeLab,
  modeLch,
  modeLrgb,
  modeOklab,
  modeOklch,
  modeRgb,
  type Oklch,
  parse,
  useMode,
  wcagContrast,
} from "culori/fn";

// culori's tree-shakeable entry with the colour spaces a theme's primaryColor is written in (hex and named colours,
// rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch()) and those the shades are computed in; the full entry registers
// every space (weight on each shop route's first load).
for (const mode of [modeRgb, modeLrgb, modeHsl, modeHwb, modeLab, modeLch, modeOklab, modeOklch]) useMode(mode);

/** WCAG 2 minimum contrast for body text (SC 1.4.3 AA). */
export const TEXT_CONTRAST = 4.5;
/** WCAG 2 minimum contrast for large text (SC 1.4.3) and for UI controls and focus indicators (SC 1.4.11). */
export const UI_CONTRAST = 3;

/** The page background of ui/styles.css (`--bg`); brand-coloured text and the focus ring must read on it. */
export const PAGE_BACKGROUND = "#f6f4fb";
/** The card background of ui/styles.css (`--card`). */
export const CARD_BACKGROUND = "#ffffff";
/** The near-black body text of ui/styles.css (`--ink`): the first candidate for text on a brand surface. */
export const NEAR_BLACK = "#17142a";
/** White: the other candidate for text on a brand surface. */
export const WHITE = "#ffffff";
/** The brand colour used when a shop theme's primaryColor is not a CSS colour (the default `--brand` of ui/styles.css). */
export const FALLBACK_BRAND = "#e6007e";

/** The colours a shop theme resolves to, each a 6-digit hex string. spec §3 Shop config shopTheme. */
export interface ThemeColours {
  /** The brand surface: the shop's primaryColor, unchanged (brand colours stay the brand's). */
  readonly brand: string;
  /** Text on the brand surface: near-black or white, whichever reads better; a brand shade when neither reaches 4.5:1. */
  readonly onBrand: string;
  /** Brand-coloured text that reads (4.5:1) on the page and card backgrounds: the brand, darkened only when it must be. */
  readonly brandText: string;
  /** Focus ring and brand-coloured control borders: 3:1 against the page and card backgrounds. */
  readonly focusRing: string;
}

const oklch = converter("oklch");

/** A normalised hex colour in OKLCH (lightness 0..1), where shades keep the brand's hue. */
const toOklch = (hex: string): Oklch => oklch(hex) ?? { mode: "oklch", l: 0, c: 0 };

/** The brand colour with OKLCH lightness `l` (hue kept, chroma clamped into sRGB), as hex. */
const withLightness = (base: Oklch, l: number): string => formatHex(clampChroma({ ...base, l }, "oklch"));

const contrastAgainstAll = (colour: string, backgrounds: readonly string[]): number =>
  Math.min(...backgrounds.map((b) => wcagContrast(colour, b)));

/**
 * The shade of `base` nearest to it, towards `target` (0 black, 1 white), that reaches `ratio` against every
 * background; undefined when none does. Bisection over OKLCH lightness.
 */
const shadeReaching = (base: Oklch, target: 0 | 1, backgrounds: readonly string[], ratio: number): string | undefined => {
  const extreme = withLightness(base, target);
  if (contrastAgainstAll(extreme, backgrounds) < ratio) return undefined;
  let near = base.l;
  let far: number = target;
  for (let i = 0; i < 24; i++) {
    const mid = (near + far) / 2;
    if (contrastAgainstAll(withLightness(base, mid), backgrounds) >= ratio) far = mid;
    else near = mid;
  }
  return withLightness(base, far);
};

/** `brand` itself when it reaches `ratio` on every background, else its nearest darker (then lighter) shade that does, else near-black. */
const readableBrand = (brand: string, backgrounds: readonly string[], ratio: number): string => {
  if (contrastAgainstAll(brand, backgrounds) >= ratio) return brand;
  const base = toOklch(brand);
  return shadeReaching(base, 0, backgrounds, ratio) ?? shadeReaching(base, 1, backgrounds, ratio) ?? NEAR_BLACK;
};

/** The shop's primaryColor as 6-digit hex (alpha dropped: surfaces are opaque), or FALLBACK_BRAND when it is not a CSS colour. */
export const normaliseBrand = (primaryColor: string): string => {
  const parsed = parse(primaryColor.trim());
  return parsed ? formatHex(parsed) : FALLBACK_BRAND;
};

/**
 * A shop theme's colours resolved for contrast (WCAG 2.2 SC 1.4.3, 1.4.11): the brand surface stays, its text and the
 * brand-coloured text and focus ring are shaded just enough.
 */
export const themeColours = (theme: { readonly primaryColor: string }): ThemeColours => {
  const brand = normaliseBrand(theme.primaryColor);
  const best = wcagContrast(NEAR_BLACK, brand) >= wcagContrast(WHITE, brand) ? NEAR_BLACK : WHITE;
  const onBrand = wcagContrast(best, brand) >= TEXT_CONTRAST ? best : readableBrand(brand, [brand], TEXT_CONTRAST);
  const page = [PAGE_BACKGROUND, CARD_BACKGROUND];
  return {
    brand,
    onBrand,
    brandText: readableBrand(brand, page, TEXT_CONTRAST),
    focusRing: readableBrand(brand, page, UI_CONTRAST),
  };
};

/** The CSS custom properties of a shop theme (`--brand`, `--on-brand`, `--brand-text`, `--focus-ring`) for a `style` attribute. */
export const themeCssVariables = (theme: { readonly primaryColor: string }): Readonly<Record<`--${string}`, string>> => {
  const c = themeColours(theme);
  return { "--brand": c.brand, "--on-brand": c.onBrand, "--brand-text": c.brandText, "--focus-ring": c.focusRing };
};
