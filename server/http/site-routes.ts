import { createHash, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import type { FastifyCompressOptions } from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import { Schema } from "effect";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  CART_TOKEN_HEADER,
  EVENT_NAMESPACE_HEADER,
  POLICY_ID_HEADER,
  UPGRADABLE_ORDER_HEADER,
  UPGRADE_ACCESS_HEADER,
  USER_TOKEN_HEADER,
} from "../../domain/api.schema.ts";
import { heroImageSources } from "../../domain/hero.ts";
import { NO_NOTICE, type NoticeAnswer, NoticeTimeQuery } from "../../domain/notice.schema.ts";
import { memoryNoticeStore, type NoticeStore } from "../cluster/shared-state.ts";
import { errorBody } from "./api-error.ts";
import { NoticeTokenInvalid, serviceUnavailable } from "./http.errors.ts";
import { decodeOrThrow } from "./decode.ts";
import { firstVisitPages, type FirstVisitPage } from "./first-visit-pages.ts";
import type { InProcessFetch } from "./in-process-fetch.ts";
import type { RouteDeps } from "./route-deps.ts";
import type { AppPage } from "./spa-routes.ts";
import { secretMatches } from "../secret-matches.ts";

/** Query of GET /api/notice: `t`, the caller's local time "HHMM". spec §7 Other calls. */
const NoticeQuery = Schema.Struct({ t: NoticeTimeQuery });

/** Body of PUT /api/notice: the title (null = no notice) and the error text. */
const NoticeBody = Schema.Struct({ title: Schema.NullOr(Schema.String), error: Schema.NullOr(Schema.String) });

/** An e-mail address of a site form (something@something.tld). */
export const Email = Schema.String.check(Schema.isPattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/));
/** A non-empty text of at most `max` characters. */
export const Text = (max: number) => Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(max));

/** Body of POST /api/newsletter/subscriptions (application/ports/newsletter-api.port.ts NewsletterSubscription; spec §7 shows no payload). */
const NewsletterBody = Schema.Struct({
  email: Email,
  firstName: Schema.optional(Text(200)),
  lastName: Schema.optional(Text(200)),
  locale: Schema.Literals(["en", "nl", "es"]),
  eventNamespace: Text(200),
});

/** Settings of the site routes, read from the environment when not given: the starting notice and the token that may change it. */
export interface SiteRouteSettings {
  /** Notice published at start; default env SHOP_NOTICE_TITLE / SHOP_NOTICE_ERROR, else none (the demo has no notice). */
  readonly notice?: NoticeAnswer;
  /** Bearer token of PUT /api/notice; default env NOTICE_ADMIN_TOKEN; without one the route does not exist. */
  readonly noticeAdminToken?: string;
  /** Where the notice lives: default this process's memory, starting at `notice`; the workers' Redis (cluster/shared-state.ts) to share it. */
  readonly noticeStore?: NoticeStore;
}

/** The site routes' settings from the environment: SHOP_NOTICE_TITLE / SHOP_NOTICE_ERROR (the notice at start) and NOTICE_ADMIN_TOKEN. */
export const siteSettingsFromEnv = (): SiteRouteSettings => {
  const title = process.env["SHOP_NOTICE_TITLE"];
  const token = process.env["NOTICE_ADMIN_TOKEN"];
  return {
    notice: title ? { message: { title, error: process.env["SHOP_NOTICE_ERROR"] ?? null } } : NO_NOTICE,
    ...(token ? { noticeAdminToken: token } : {}),
  };
};

/**
 * Other calls (spec §7), docs/web-app-ports.md:
 * - GET /api/notice?t=HHMM answers the notice JSON `{message:{title, error}}` (title null = no notice; 400
 *   request.invalid for a missing or malformed `t`), never cached;
 * - PUT /api/notice `{title, error}` with `authorization: Bearer {NOTICE_ADMIN_TOKEN}` publishes or clears the
 *   notice (401 notice.token.invalid for another token; the route exists only when a token is configured);
 * - GET /api/init answers 204 (the page's fire-and-forget start call);
 * - POST /api/newsletter/subscriptions accepts the decoded payload with 202 `{data:{id}}` (400 request.invalid naming
 *   the field otherwise). The reference server keeps no list: it logs the accepted subscription, the hand-off point
 *   for a real newsletter service. (POST /api/mail/transport-requests: transport-request-routes.ts, stored.)
 * The notice lives in `settings.noticeStore`: this process's memory, or Redis shared by every worker.
 */
export const siteRoutes = (_deps: RouteDeps, settings: SiteRouteSettings = siteSettingsFromEnv()) => async (app: FastifyInstance) => {
  const notices = settings.noticeStore ?? memoryNoticeStore(settings.notice ?? NO_NOTICE);

  app.get("/api/notice", async (request, reply) => {
    decodeOrThrow(NoticeQuery, request.query, "notice query");
    return reply.header("cache-control", "no-store").send(notices.current());
  });

  const adminToken = settings.noticeAdminToken;
  if (adminToken) {
    app.put("/api/notice", async (request) => {
      const auth = request.headers.authorization ?? "";
      if (!auth.startsWith("Bearer ") || !secretMatches(auth.slice("Bearer ".length), adminToken)) {
        throw new NoticeTokenInvalid({ code: "notice.token.invalid", message: "This token may not change the notice." });
      }
      const body = decodeOrThrow(NoticeBody, request.body, "notice");
      try {
        await notices.publish({ message: { title: body.title, error: body.error } });
      } catch (error) {
        request.log.warn({ err: error }, "the notice could not be shared");
        throw serviceUnavailable("The notice cannot be changed right now; try again in a moment.");
      }
      return { data: { id: "notice", title: body.title, error: body.error } };
    });
  }

  app.get("/api/init", async (_request, reply) => reply.header("cache-control", "no-store").code(204).send());

  app.post("/api/newsletter/subscriptions", async (request, reply) => {
    const subscription = decodeOrThrow(NewsletterBody, request.body, "newsletter subscription");
    const id = randomUUID();
    request.log.info({ id, eventNamespace: subscription.eventNamespace, locale: subscription.locale }, "newsletter subscription accepted");
    return reply.code(202).send({ data: { id } });
  });
};

/**
 * @fastify/compress settings for the answers the server builds (API JSON, HTML, the demo SVGs of server/public):
 * brotli first, gzip fallback, from 1 KiB on. Brotli quality 5 (not the default 11) keeps on-the-fly compression cheap;
 * the build's own files are compressed once at build time (vite.config.ts) and sent as they are (preCompressed).
 * Request bodies are not decompressed (no API call accepts an encoded body).
 */
export const COMPRESS_OPTIONS: FastifyCompressOptions = {
  global: true,
  globalDecompression: false,
  encodings: ["br", "gzip"],
  threshold: 1024,
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
};

/** Cache-Control of the build's fingerprinted files (dist/assets/name-HASH.ext): a year, never revalidated. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Cache-Control of index.html: stored, but revalidated (ETag) before every use, so a new build shows at once. */
export const REVALIDATE = "no-cache";
/** Cache-Control of a server-rendered page: made for one visitor (their locale and cart cookies), so no shared cache keeps it; the browser revalidates it (ETag) before every use. */
export const PRIVATE_REVALIDATE = "private, no-cache";
/** Cache-Control of the demo images of server/public (not fingerprinted): an hour. */
const DEMO_ASSET = "public, max-age=3600";

/** Cache-Control for a file served from disk: immutable under the build's assets/, revalidated for HTML, an hour otherwise. */
const cacheControlOf = (staticDir: string | undefined, filePath: string): string => {
  if (staticDir && filePath.startsWith(path.join(staticDir, "assets") + path.sep)) return IMMUTABLE;
  return /\.html(\.br|\.gz)?$/.test(filePath) ? REVALIDATE : DEMO_ASSET;
};

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
 * The index.html of the build for a request path, with an ETag: for a path of a known route, `<link rel="modulepreload">`
 * of that route's JavaScript (dist/.vite/route-preloads.json, written by vite.config.ts) before `</head>`, so the
 * browser fetches the route's code together with the entry; with `heroImage` (the hero the route's first screen
 * shows), a preload of that image (heroPreloadLink), the page's largest paint. Read once when the server starts; each
 * variant is built once.
 */
export const indexPages = (staticDir: string): ((pathname: string, heroImage?: string | null) => { body: string; etag: string }) => {
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
      variant = { body, etag: `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"` };
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

/**
 * A server-rendered page: the HTML of `#root`, the locale for `<html lang>`, the document title, the JSON state the
 * browser hydrates with, the build manifest keys of the lazy parts it shows (ui/common/lazy-part.tsx), whose files the
 * page names as preloads, and the Set-Cookie values its reads wrote (the browser hydrates those reads instead of
 * making them, so the page's answer sets what they remember, e.g. a deep link's cart id; spec §2).
 */
export interface RenderedPage {
  readonly html: string;
  readonly lang: string;
  readonly title: string;
  readonly state: unknown;
  readonly parts?: ReadonlyArray<string>;
  readonly setCookies?: ReadonlyArray<string>;
}

/** How long the server waits by default for a page's rendering before it answers the plain index.html instead (milliseconds). */
export const SSR_TIME_LIMIT_MS = 2000;

const etagOf = (body: string): string => `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;

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
 * What ui/boot.ts needs to start a server-rendered page, from the build manifest: its own URL, the static
 * imports of every chunk (to run the entry's chunks one by one, each after its own imports) and the messages chunk of
 * each language (ui/i18n/locales/{lang}.ts, which the app loads before it hydrates).
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
 * index.html with a rendered page: `<html lang>`, `<title>`, the HTML inside `#root` and the hydration state as a JSON
 * data block (not a script: the CSP allows no inline script). The page paints before its JavaScript loads:
 * with a `boot` plan (the build's ui/boot.ts, bootPlanOf) the entry script and the modulepreload links give way to that
 * one small script and a JSON plan (`#app-modules`): `run`, the entry's chunks in the order they must run (each after
 * its imports, the entry last), which it imports one at a time after the first paint, yielding between them, so no
 * single task evaluates all the JavaScript; and `preload`, the route's own modules and the page language's messages,
 * which it fetches at once for the app to run. Without a plan, the scripts are fetched at low priority, so the
 * stylesheets and the hero image have the link.
 */
export const withRenderedPage = (html: string, page: RenderedPage, boot?: BootPlan): string => {
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
 * Renders the page of a request with `rendering.render` (its Shop API reads answered in-process), within
 * `rendering.timeLimitMs`; null when it answers null, fails or runs out of time (logged as a warning): the caller then
 * sends the plain index.html, and the browser app renders the page itself, so a rendering fault never breaks the shop.
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

const SPA_EXCLUDED = /^\/(api|travel-api|payments|test-payments|queue|assets-from-server)(\/|$)/;

/**
 * Serves the Vite build (staticDir, when built) and the demo images (publicDir) from one root list, with the
 * history-mode fallback: any other GET path without an extension outside the API prefixes answers index.html; other
 * misses answer 404 `{error:{code:"not.found"}}`. Files are sent precompressed (`.br`, `.gz` siblings written by the
 * build) when the browser accepts it; fingerprinted assets are immutable for a year, index.html is `no-cache` with an
 * ETag and names the route's own JavaScript as modulepreload links and its hero image as a preload (indexPages). `pageOf`
 * gives the status of the app page for a path (404 for an unknown shop or page, which the app then shows as 'This page
 * could not be found'; spec §2 Error page) and its hero image. Register after COMPRESS_OPTIONS' @fastify/compress and after every other route (it sets the not-found handler).
 */
export const registerStaticSite = async (
  app: FastifyInstance,
  staticDir: string | undefined,
  publicDir: string,
  pageOf: (pathname: string) => Promise<AppPage> = async () => ({ status: 200, heroImage: null }),
  rendering: PageRendering | undefined = undefined,
): Promise<void> => {
  await app.register(fastifyStatic, {
    root: staticDir ? [staticDir, publicDir] : [publicDir],
    prefix: "/",
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => void reply.header("cache-control", cacheControlOf(staticDir, filePath)),
  });
  const page = staticDir ? indexPages(staticDir) : undefined;
  const boot = staticDir ? bootPlanOf(staticDir) : undefined;
  const sharedPages = firstVisitPages();
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const { status, heroImage } = await pageOf(pathname);
    const plain = page!(pathname, heroImage);
    const visit = { url: request.url, cookie: request.headers.cookie ?? "", languages: acceptedLanguages(request.headers["accept-language"]), https: request.protocol === "https", log: request.log };
    // The whole page of a visit (as asked, or the shared one's URL with its token's stand-in), or null when rendering failed.
    const renderPage = async (asked: Parameters<typeof renderWithin>[1]): Promise<FirstVisitPage | null> => {
      const own = await renderWithin(rendering!, asked);
      return own ? { body: withRenderedPage(plain.body, own, boot), setCookies: own.setCookies ?? [] } : null;
    };
    // A first visit (no cookies) shares its rendering with the others of the same second (first-visit-pages.ts).
    const shared = status === 200 && rendering && visit.cookie.trim() === "" ? await sharedPages.page(visit, (asked) => renderPage({ ...asked, cookie: "", log: request.log })) : undefined;
    const rendered = shared !== undefined ? shared : status === 200 && rendering ? await renderPage(visit) : null;
    const body = rendered ? rendered.body : plain.body;
    const etag = rendered ? etagOf(body) : plain.etag;
    reply.type("text/html; charset=utf-8").header("cache-control", rendered ? PRIVATE_REVALIDATE : REVALIDATE).header("etag", etag);
    // Also on a 304: the cookies belong to this visit's reads, not to the page's body.
    if (rendered && rendered.setCookies.length > 0) reply.header("set-cookie", [...rendered.setCookies]);
    if (status === 200 && noneMatchHits(request.headers["if-none-match"], etag)) return reply.code(304).send();
    return reply.code(status).send(body);
  };
  // The SPA's own start page; a directory request would otherwise be refused by @fastify/static.
  if (staticDir) app.get("/", (request, reply) => sendIndex(request, reply));
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const wantsSpa = request.method === "GET" && staticDir && !SPA_EXCLUDED.test(pathname) && !path.extname(pathname);
    if (wantsSpa) return sendIndex(request, reply);
    return reply.code(404).send(errorBody("not.found", `No route for ${request.method} ${pathname}.`));
  });
};

/** The first screen's API reads (spec §7 GET /shop, GET /products) that carry a validator and a short shared lifetime. */
const VALIDATED_READS = new Set(["/api/v2/shop", "/api/v2/products"]);

/** Cache-Control of GET /shop and /products: 5 s in any cache (a rush of visitors costs one answer per 5 s per shop), then revalidated by ETag. */
export const FIRST_SCREEN_CACHE = "public, max-age=5";

/** True when an If-None-Match header (`*` or a list of entity tags) matches `etag` by weak comparison (RFC 9110 §13.1.2). */
const noneMatchHits = (header: string | undefined, etag: string): boolean => {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
};

/**
 * The request headers that make a Shop API answer one visitor's (spec §6, §7 Headers): cart token, upgradable-order id
 * and its access id, identity token, policy id. An answer to a request with any of them is never kept by a shared cache.
 */
export const PERSONAL_HEADERS: ReadonlyArray<string> = [CART_TOKEN_HEADER, UPGRADABLE_ORDER_HEADER, UPGRADE_ACCESS_HEADER, USER_TOKEN_HEADER, POLICY_ID_HEADER];

/** True when the request carries one of PERSONAL_HEADERS (non-empty). */
const carriesPersonalHeader = (request: FastifyRequest): boolean => PERSONAL_HEADERS.some((name) => Boolean(request.headers[name]));

/** Cache-Control of an API answer made for one visitor: only their browser may keep it, and only to revalidate it first. */
export const PRIVATE_NO_CACHE = "private, no-cache";

/**
 * onSend hook giving GET /api/v2/shop and /api/v2/products a weak ETag (hash of the JSON before compression) and
 * FIRST_SCREEN_CACHE, and answering 304 without a body when If-None-Match matches. Without PERSONAL_HEADERS the
 * answers depend only on the shop (x-event-namespace + authorization); the Vary lists those and PERSONAL_HEADERS, so a
 * shared cache never hands this answer to a request that has one of them. With one (an upgrade link's ids put the
 * customer's upgradableOrder in the config) the answer is PRIVATE_NO_CACHE. Add as a root hook: it runs before
 * @fastify/compress's route hooks.
 */
export const firstScreenValidators = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
  if ((request.method !== "GET" && request.method !== "HEAD") || reply.statusCode !== 200 || typeof payload !== "string") return payload;
  if (!VALIDATED_READS.has(request.url.split("?")[0] ?? "")) return payload;
  const etag = `W/"${createHash("sha256").update(payload).digest("base64url").slice(0, 32)}"`;
  reply.header("etag", etag);
  reply.header("cache-control", carriesPersonalHeader(request) ? PRIVATE_NO_CACHE : FIRST_SCREEN_CACHE);
  reply.header("vary", [EVENT_NAMESPACE_HEADER, "authorization", ...PERSONAL_HEADERS].join(", "));
  if (!noneMatchHits(request.headers["if-none-match"], etag)) return payload;
  reply.code(304);
  return "";
};

/**
 * onSend hook for every answer under /api/: when the request carried one of PERSONAL_HEADERS, an answer that is not
 * private already (or says nothing) becomes PRIVATE_NO_CACHE, errors included (a 409 4002 names the customer's
 * order). Add as a root hook after firstScreenValidators.
 */
export const personalAnswersPrivate = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
  if (!request.url.startsWith("/api/") || !carriesPersonalHeader(request)) return payload;
  const current = String(reply.getHeader("cache-control") ?? "");
  if (!/\b(private|no-store)\b/.test(current)) reply.header("cache-control", PRIVATE_NO_CACHE);
  return payload;
};
