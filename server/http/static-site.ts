import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import type { FastifyCompressOptions } from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "./api-error.ts";
import { IMMUTABLE, REVALIDATE } from "./http-caching.ts";
import { appPages, type PageRendering } from "./page-rendering.ts";
import type { AppPage } from "./spa-routes.ts";

/**
 * @fastify/compress settings for the answers the server builds (API JSON, HTML, the demo SVGs): brotli at a cheap
 * quality, gzip as fallback, small answers left as they are; request bodies are not decompressed (no call takes one).
 */
export const COMPRESS_OPTIONS: FastifyCompressOptions = {
  global: true,
  globalDecompression: false,
  encodings: ["br", "gzip"],
  threshold: 1024,
  // On-the-fly compression stays cheap; the build's own files are compressed once at build time (vite.config.ts).
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
};

/** Cache-Control of the demo images of server/public (not fingerprinted): a short shared lifetime. */
const DEMO_ASSET = "public, max-age=3600";

/** Cache-Control for a file served from disk: immutable under the build's assets/, revalidated for HTML, DEMO_ASSET otherwise. */
const cacheControlOf = (staticDir: string | undefined, filePath: string): string => {
  if (staticDir && filePath.startsWith(path.join(staticDir, "assets") + path.sep)) return IMMUTABLE;
  return /\.html(\.br|\.gz)?$/.test(filePath) ? REVALIDATE : DEMO_ASSET;
};

/** Path prefixes that never answer the app page: the APIs, the payment pages and the waiting room. */
const SPA_EXCLUDED = /^\/(api|travel-api|payments|test-payments|queue|assets-from-server)(\/|$)/;

/**
 * Serves the Vite build and the demo images (precompressed siblings first), falling back to the app page (appPages)
 * and `not.found` otherwise. Register after @fastify/compress and every other route: it sets the not-found handler.
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
    // One route per file of the build, found at start: an app page (a path that is no file) goes straight to the
    // not-found handler without a look at the disk, and a file is served without checking its spelling there.
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => void reply.header("cache-control", cacheControlOf(staticDir, filePath)),
  });
  const sendIndex = staticDir ? appPages(staticDir, pageOf, rendering) : undefined;
  const notFound = async (request: FastifyRequest, reply: FastifyReply) => reply.code(404).send(errorBody("not.found", `No route for ${request.method} ${request.url.split("?")[0] ?? "/"}.`));
  if (sendIndex) {
    // The SPA's own start page, and every other GET no file or route answers: an app page when the path has no extension
    // and is outside the APIs (a route of its own, so compression and the other route hooks apply), else not.found.
    app.get("/", (request, reply) => sendIndex(request, reply));
    app.get("/*", (request, reply) => {
      const pathname = request.url.split("?")[0] ?? "/";
      return SPA_EXCLUDED.test(pathname) || path.extname(pathname) ? notFound(request, reply) : sendIndex(request, reply);
    });
  }
  app.setNotFoundHandler(notFound);
};
