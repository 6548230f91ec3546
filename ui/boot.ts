// The script of a server-rendered page (docs/performance.md), in place of the app's entry script: that page
// is complete HTML and paints without JavaScript, so the app (the build's entry, ui/main.tsx) and the route's modules
// are fetched and run only after the browser has painted it and loaded its hero image (heroLoaded). On a phone the
// first paint then waits neither for the JavaScript's download (the stylesheets and the hero image keep the link) nor
// for its evaluation. The entry's chunks run one per task, each after its own imports, with the main thread given back
// between them, so their evaluation is not one long task that blocks every tap meanwhile. A second entry of the build
// (vite.config.ts); the server names it and the plan in the page (server/http/page-rendering.ts withRenderedPage).
import { isChunkLoadError, reloadAfterChunkFailure } from "./shell/chunk-reload.ts";
import { holdEarlyInput } from "./shell/early-input.ts";
import { afterNextPaint, yieldToMain } from "./shell/yield-to-main.ts";

/** The plan the server wrote into the page (`<script type="application/json" id="app-modules">`, BootPlan). */
interface AppModules {
  /** The entry's chunks in the order they must run, each after its own imports, the entry last. */
  readonly run: ReadonlyArray<string>;
  /** Modules the app imports itself once it runs (the route's own, the page language's messages): fetched now. */
  readonly preload: ReadonlyArray<string>;
}

/** Reads the server's plan; an empty one when the page has none. */
const appModules = (): AppModules => {
  const text = document.getElementById("app-modules")?.textContent;
  return text ? (JSON.parse(text) as AppModules) : { run: [], preload: [] };
};

/** Names a module as a modulepreload link: fetched (and compiled) in parallel with the others, not run. */
const preload = (href: string): void => {
  const link = document.createElement("link");
  link.rel = "modulepreload";
  link.crossOrigin = "";
  link.href = href;
  document.head.append(link);
};

/**
 * Steps that start the browser's internationalisation data (ICU), each in a task of its own, so the first Intl call's
 * start-up does not make one long task (docs/performance.md).
 */
const intlSteps = (lang: string, browser: string): ReadonlyArray<() => unknown> => [
  () => new Intl.Locale(lang).maximize(),
  () => "a".localeCompare("b", lang),
  () => new Intl.NumberFormat(lang).format(1),
  () => Intl.DateTimeFormat.supportedLocalesOf([browser]),
];

/** Runs the Intl steps, the main thread given back after each. */
const startIntl = async (): Promise<void> => {
  for (const step of intlSteps(document.documentElement.lang || "en", navigator.language || "en-US")) {
    try {
      step();
    } catch {
      // An invalid language tag (see intlSteps).
    }
    await yieldToMain();
  }
};

/**
 * Modulepreload links added per task: each costs the main thread the request's start and the processing of answers
 * that land meanwhile, and a page names many, so a few per task keep every task short on a slow phone.
 */
const PRELOADS_PER_TASK = 3;

/**
 * Fetches every module (the entry's chunks first), a few links per task, then runs the entry's chunks one by one; the
 * last, the entry, starts the app. A chunk that fails to load reloads the page, at most once a minute (spec §8); the
 * server's HTML stays meanwhile.
 */
const start = async (): Promise<void> => {
  const { run, preload: later } = appModules();
  const all = [...run, ...later];
  for (let i = 0; i < all.length; i += PRELOADS_PER_TASK) {
    if (i > 0) await yieldToMain();
    all.slice(i, i + PRELOADS_PER_TASK).forEach(preload);
  }
  await yieldToMain();
  await startIntl();
  try {
    for (const href of run) {
      await import(/* @vite-ignore */ href);
      await yieldToMain();
    }
  } catch (error) {
    // A chunk that could not be fetched (not a bug in one that ran, which must surface as it is).
    if (!(isChunkLoadError(error) && reloadAfterChunkFailure())) throw error;
  }
};

/** Longest the app's JavaScript waits for the hero image (ms): a slow or broken image must not keep the page from working. */
const HERO_WAIT_MS = 2000;

/**
 * Resolves once the page's hero image (its largest paint) has loaded, at once without one, after HERO_WAIT_MS at the
 * latest, so the app's modules do not compete with it for the network.
 */
const heroLoaded = (): Promise<void> => {
  const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!hero) return Promise.resolve();
  const loaded = hero.complete
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        hero.addEventListener("load", () => resolve(), { once: true });
        hero.addEventListener("error", () => resolve(), { once: true });
      });
  const decoded = loaded.then(() => hero.decode().catch(() => undefined));
  return Promise.race([decoded, new Promise<void>((resolve) => setTimeout(resolve, HERO_WAIT_MS))]);
};

// Taps on the page's buttons wait for the app (ui/shell/early-input.ts), which replays them once React listens.
holdEarlyInput();

// After the hero image and the next frame have been painted; a hidden tab paints no frames, so there it starts at once.
if (document.visibilityState === "visible") void heroLoaded().then(() => afterNextPaint(() => void start()));
else void start();
