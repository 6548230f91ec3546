import { useLocation } from "react-router-dom";
import { heroBackgroundFor, heroImageSources } from "../../domain/hero.ts";
import { parseShopPath } from "../../domain/shop-flow.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";

/** Intrinsic size of the hero images (px), set on the img so the page does not shift while it loads. */
const HERO_WIDTH = 1280;
const HERO_HEIGHT = 480;

/**
 * The hero background of the current route (domain heroBackgroundFor, spec §2 Header): a decorative image behind the
 * top of the page with a gradient into the page colour, or the full viewport height without gradient when the shop
 * sets disableBackgroundGradient. Image query jpg, progressive, width 1920, quality 80, with narrower candidates in its
 * srcset for phones (heroImageSources); the server names the same sources in a preload link of the page.
 */
export function ShopHero() {
  const { config } = useCurrentShop();
  const step = parseShopPath(useLocation().pathname).step;
  const image = heroBackgroundFor(step, config.shopTheme.backgrounds, config.festivalData.heroImage);
  if (!image) return null;
  const full = config.disableBackgroundGradient === true;
  const sources = heroImageSources(image);
  return (
    <div className={`shop-hero ${full ? "full" : "gradient"} ${step === null ? "overview" : ""}`} aria-hidden="true">
      <img src={sources.src} srcSet={sources.srcSet} sizes={sources.sizes} alt="" width={HERO_WIDTH} height={HERO_HEIGHT} decoding="async" fetchPriority="high" />
    </div>
  );
}
