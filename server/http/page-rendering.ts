import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import { heroImageSources } from "../../domain/hero.ts";
import { firstVisitPages, type FirstVisitPage } from "./first-visit-pages.ts";
import { FIRST_VISIT_PAGE_CACHE, noneMatchHits, PRIVATE_REVALIDATE, REVALIDATE, weakEtag } from "./http-caching.ts";
import type { InProcessFetch } from "./in-process-fetch.ts";
import type { AppPage } from "./spa-routes.ts";

/** `/{slug}/tickets` -> a regular expression matching `/lowlands-lights/tickets` (and with a trailing slash). */
const routePattern = (route: string): RegExp =>
  new RegExp(`^${route.replace(/\/$/, "").split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")).join("[^/]+")}/?$`);

const escapeAttribute = (text: string): string => text.replace(/[&"<>]/g, (c) => ({ "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" })[c]!);

/** The preload link of a hero image: the same srcset and sizes as the hero's img (domain heroImageSources), high priority. */
export const heroPreloadLink = (heroImage: string): string => {
  const { src, srcSet, sizes } = heroImageSources(heroImage);
  return `<link rel="preload" as="image" href="${escapeAttribute(src)}" imagesrcset="${escapeAttribute(srcSet)}" imagesizes="${escapeAttribute(sizes)}" fetchpriority="high">`;
};

/**
 * The build's index.html for a request path, with its ETag: preloads of the route's JavaScript and of the hero image it
 * shows first (its largest paint). Read once at start; each variant is built once.
 */
export const indexPages = (staticDir: string): ((pathname: string, heroImage?: string | null) => { body: string; etag: string }) => {
  // The route's modules (dist/.vite/route-preloads.json, written by vite.config.ts) go before `</head>`, so the
  // browser fetches the route's code together with the entry.
  const html = readFileSync(path.join(staticDir, "index.html"), "utf8");
  const preloadFile = path.join(staticDir, ".vite", "route-preloads.json");
  const preloads = existsSync(preloadFile) ? (JSON.parse(readFileSync(preloadFile, "utf8")) as Record<string, string[]>) : {};
  const routes = Object.entries(preloads).map(([route, files]) => ({ pattern: routePattern(route), files }));
  const variants = new Map<string, { body: string; etag: string }>();
  return (pathname, heroImage) => {
    const files = routes.find((r) => r.pattern.test(pathname))?.files ?? [];
    const key = `${files.join(" ")}\n${heroImage ?? ""}`;
    let variant = variants.get(key);
    if (!variant) {
      const fileLink = (file: string) => (file.endsWith(".css") ? `<link rel="stylesheet" crossorigin href="/${file}">` : `<link rel="modulepreload" crossorigin href="/${file}">`);
      const links = [...(heroImage ? [heroPreloadLink(heroImage)] : []), ...files.map(fileLink)].join("\n    ");
      const body = links ? html.replace("</head>", `  ${links}\n  </head>`) : html;
      variant = { body, etag: weakEtag(body) };
      variants.set(key, variant);
    }
    return variant;
  };
};

/** The server entry's render function (ui/entry-server.tsx `render`, loaded from dist/.ssr by server/app.ts), as the server sees it. */
export type PageRenderer = (request: {
  readonly url: string;
  readonly apiBaseUrl: string;
  /** The fetch the page's reads of the Shop API go through: answered in-process (in-process-fetch.ts), so `apiBaseUrl` names no real host. */
  readonly fetch?: InProcessFetch;
  readonly cookie: string;
  readonly languages: ReadonlyArray<string>;
  /** True when the page was asked for over https (the cookies it sets are then Secure). */
  readonly https?: boolean;
  readonly signal?: AbortSignal;
}) => Promise<RenderedPage | null>;

/** A server-rendered page: the HTML of `#root`, `<html lang>`, the title, the hydration state, its lazy parts and the cookies its reads set. */
export interface RenderedPage {
  readonly html: string;
  readonly lang: string;
  readonly title: string;
  readonly state: unknown;
  /** The build manifest keys of the lazy parts it shows (ui/common/lazy-part.tsx), whose files the page preloads. */
  readonly parts?: ReadonlyArray<string>;
  /** The Set-Cookie values its reads wrote: the browser hydrates those reads instead of making them (a deep link's cart id; spec §2). */
  readonly setCookies?: ReadonlyArray<string>;
}

/** How long the server waits by default for a page's rendering before it answers the plain index.html instead (milliseconds). */
export const SSR_TIME_LIMIT_MS = 2000;


/** The languages of an Accept-Language header, best first (by q, then order), as navigator.languages lists them: "nl-NL,nl;q=0.9,en;q=0.8" -> nl-NL, nl, en. */
export const acceptedLanguages = (header: string | undefined): string[] =>
  (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.trim().slice(2) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag !== "" && entry.tag !== "*" && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);

/** JSON safe inside a `<script>` element: `<` escaped, so no `</script>` or `<!--` can end it early. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");

/**
 * What ui/boot.ts needs to start a server-rendered page, from the build manifest: its own URL, every chunk's static
 * imports (to run the entry's chunks one by one) and each language's messages chunk (loaded before hydration).
 */
export interface BootPlan {
  readonly script: string;
  readonly importsOf: ReadonlyMap<string, ReadonlyArray<string>>;
  readonly messagesOf: Readonly<Record<string, string>>;
  /** The URL of each module's chunk by its manifest key (a source path such as ui/shell/countdown-bar.tsx), for a rendered page's lazy parts. */
  readonly fileOf?: ReadonlyMap<string, string>;
}

/** The chunks `entry` imports statically, each after its own imports (depth first, each once), and `entry` last. */
const runOrder = (entry: string, importsOf: BootPlan["importsOf"]): string[] => {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dependency of importsOf.get(file) ?? []) visit(dependency);
    order.push(file);
  };
  visit(entry);
  return order;
};

/**
 * index.html with a rendered page (`<html lang>`, `<title>`, `#root` and the hydration state as a JSON data block, since
 * the CSP allows no inline script), painted before its JavaScript loads: with a `boot` plan, ui/boot.ts runs the app.
 */
export const withRenderedPage = (html: string, page: RenderedPage, boot?: BootPlan): string => {
  // With a plan, the entry script and the modulepreload links give way to the boot script and a JSON plan
  // (`#app-modules`): `run`, the entry's chunks in the order they must run (each after its imports, the entry last),
  // imported one at a time after the first paint so no single task evaluates all the JavaScript; and `preload`, the
  // route's own modules and the page language's messages, fetched at once. Without a plan, the scripts are fetched at
  // low priority, so the stylesheets and the hero image have the link.
  if (!boot) return withPage(html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"'), page, "");
  let entry: string | undefined;
  const preloads: string[] = [];
  const deferred = html
    .replace(/\n?[ \t]*<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g, (_link, href: string) => {
      preloads.push(href);
      return "";
    })
    .replace(/<script type="module"[^>]*?src="([^"]+)"[^>]*><\/script>/, (_script, src: string) => {
      entry = src;
      // The boot script's own imports (a chunk it shares with the app) are named beside it, so they come with it.
      const imports = (boot.importsOf.get(boot.script) ?? []).map((file) => `\n    <link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`).join("");
      return `<script type="module" crossorigin src="${escapeAttribute(boot.script)}"></script>${imports}`;
    });
  const run = entry ? runOrder(entry, boot.importsOf) : [];
  const messages = boot.messagesOf[page.lang];
  // The lazy parts the page shows, with their chunks' imports: the app loads them before it hydrates (ui/main.tsx).
  const partFiles = (page.parts ?? []).flatMap((key) => {
    const file = boot.fileOf?.get(key);
    return file ? runOrder(file, boot.importsOf) : [];
  });
  const preload = [...new Set([...preloads, ...(messages ? [messages] : []), ...partFiles])].filter((file) => !run.includes(file));
  return withPage(deferred, page, `\n    <script type="application/json" id="app-modules">${scriptJson({ run, preload })}</script>`);
};

const withPage = (html: string, page: RenderedPage, after: string): string =>
  html
    .replace(/<html lang="[^"]*">/, `<html lang="${escapeAttribute(page.lang)}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(page.title)}</title>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>\n    <script type="application/json" id="ssr-state">${scriptJson(page.state)}</script>${after}`);

/** The boot plan of the build in `staticDir` (its `.vite/manifest.json`), or undefined when the build has no ui/boot.ts entry. */
export const bootPlanOf = (staticDir: string): BootPlan | undefined => {
  const file = path.join(staticDir, ".vite", "manifest.json");
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, { readonly file: string; readonly imports?: ReadonlyArray<string>; readonly isDynamicEntry?: boolean }>;
  const boot = manifest["ui/boot.ts"]?.file;
  if (!boot) return undefined;
  const url = (key: string) => `/${manifest[key]?.file ?? key}`;
  const importsOf = new Map(Object.values(manifest).map((chunk) => [`/${chunk.file}`, (chunk.imports ?? []).map(url)] as const));
  const messagesOf = Object.fromEntries(
    Object.entries(manifest).flatMap(([key, chunk]) => {
      const lang = /^ui\/i18n\/locales\/([a-z]{2})\.ts$/.exec(key)?.[1];
      return lang ? [[lang, `/${chunk.file}`]] : [];
    }),
  );
  const fileOf = new Map(Object.entries(manifest).flatMap(([key, chunk]) => (chunk.isDynamicEntry ? [[key, `/${chunk.file}`] as const] : [])));
  return { script: `/${boot}`, importsOf, messagesOf, fileOf };
};

/** What server rendering needs: the renderer, its time limit (ms) and the in-process fetch its Shop API reads go through. */
export interface PageRendering {
  readonly render: PageRenderer;
  readonly timeLimitMs: number;
  readonly fetch: InProcessFetch;
}

/** The Shop API address server rendering names: any origin, since the in-process fetch answers the path and query alone. */
const IN_PROCESS_API_BASE_URL = "http://in-process";

/**
 * Renders a request's page with `rendering.render` within its time limit; null when it answers null, fails or runs out
 * of time (a warning): the caller sends the plain index.html and the browser renders, so a fault never breaks the shop.
 */
const renderWithin = async (
  { render, timeLimitMs: limitMs, fetch }: PageRendering,
  request: { readonly url: string; readonly cookie: string; readonly languages: ReadonlyArray<string>; readonly https: boolean; readonly log: FastifyRequest["log"] },
): Promise<RenderedPage | null> => {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`server rendering took over ${limitMs} ms`));
    }, limitMs);
  });
  try {
    return await Promise.race([
      render({ url: request.url, apiBaseUrl: IN_PROCESS_API_BASE_URL, fetch, cookie: request.cookie, languages: request.languages, https: request.https, signal: controller.signal }),
      timeout,
    ]);
  } catch (error) {
    request.log.warn({ err: error, url: request.url }, "server rendering failed; answering the app page without it");
    return null;
  } finally {
    clearTimeout(timer);
  }
};

/** True when this worker sheds load now (@fastify/under-pressure's isUnderPressure, load-shedding.ts); false without it. */
const underPressure = (request: FastifyRequest): boolean => {
  const server = request.server as { isUnderPressure?: () => boolean };
  return typeof server.isUnderPressure === "function" && server.isUnderPressure();
};

/**
 * The answer of an app page: index.html with the route's preloads, server-rendered when the page exists, with ETag and
 * Cache-Control (spec §2 Error page for an unknown one); the plain app page while shedding load.
 */
export const appPages = (
  staticDir: string,
  pageOf: (pathname: string) => Promise<AppPage>,
  rendering: PageRendering | undefined,
): ((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) => {
  const page = indexPages(staticDir);
  const boot = bootPlanOf(staticDir);
  const sharedPages = firstVisitPages();
  return async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const { status, heroImage } = await pageOf(pathname);
    const plain = page(pathname, heroImage);
    const visit = { url: request.url, cookie: request.headers.cookie ?? "", languages: acceptedLanguages(request.headers["accept-language"]), https: request.protocol === "https", log: request.log };
    // The whole page of a visit (as asked, or the shared one's URL with its token's stand-in), or null when rendering failed.
    const renderPage = async (asked: Parameters<typeof renderWithin>[1]): Promise<FirstVisitPage | null> => {
      const own = await renderWithin(rendering!, asked);
      return own ? { body: withRenderedPage(plain.body, own, boot), setCookies: own.setCookies ?? [] } : null;
    };
    // A first visit (no cookies) shares its rendering with the others arriving together (first-visit-pages.ts).
    const shared = status === 200 && rendering && visit.cookie.trim() === "" ? await sharedPages.page(visit, (asked) => renderPage({ ...asked, cookie: "", log: request.log })) : undefined;
    const own = shared === undefined && status === 200 && rendering && !underPressure(request) ? await renderPage(visit) : null;
    const rendered = shared ?? (own ? { ...own, etag: weakEtag(own.body), shareable: false } : null);
    const body = rendered ? rendered.body : plain.body;
    const etag = rendered ? rendered.etag : plain.etag;
    reply.type("text/html; charset=utf-8").header("cache-control", rendered ? (rendered.shareable ? FIRST_VISIT_PAGE_CACHE : PRIVATE_REVALIDATE) : REVALIDATE).header("etag", etag);
    // A rendered page depends on the visitor's cookies (cart, locale) and languages: a shared cache keys it by both.
    if (rendered) reply.header("vary", "cookie, accept-language");
    // Also on a 304: the cookies belong to this visit's reads, not to the page's body.
    if (rendered && rendered.setCookies.length > 0) reply.header("set-cookie", [...rendered.setCookies]);
    if (status === 200 && noneMatchHits(request.headers["if-none-match"], etag)) return reply.code(304).send();
    return reply.code(status).send(body);
  };
};
