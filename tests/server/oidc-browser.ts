import { createHash, randomBytes } from "node:crypto";

/** A browser over fetch against one server origin: a cookie jar (every hop's Set-Cookie kept), redirects by hand, extra headers on every request. */
export interface OidcBrowser {
  readonly origin: string;
  /** Requests `pathOrUrl` on this browser's server (an absolute URL keeps only its path and query: the server behind one public origin). */
  request(pathOrUrl: string, init?: RequestInit): Promise<Response>;
  /** The raw Set-Cookie lines received so far. */
  readonly setCookies: string[];
  /** The same cookie jar against another server (a second process behind the same public origin). */
  on(origin: string): OidcBrowser;
}

/** A browser against `origin` sending `headers` (e.g. X-Forwarded-For) on every request. */
export const oidcBrowser = (origin: string, headers: Record<string, string> = {}, jar = new Map<string, string>(), setCookies: string[] = []): OidcBrowser => ({
  origin,
  setCookies,
  on: (other) => oidcBrowser(other, headers, jar, setCookies),
  async request(pathOrUrl, init = {}) {
    const url = pathOrUrl.startsWith("http") ? new URL(pathOrUrl) : undefined;
    const path = url ? `${url.pathname}${url.search}` : pathOrUrl;
    const requestHeaders = new Headers(init.headers);
    for (const [name, value] of Object.entries(headers)) requestHeaders.set(name, value);
    if (jar.size > 0) requestHeaders.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await fetch(new URL(path, origin), { ...init, headers: requestHeaders, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      setCookies.push(line);
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const value = pair.slice(eq + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === "") jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), value);
    }
    return response;
  },
});

/** The tokens of a finished login. */
export interface Tokens {
  readonly access_token: string;
  readonly id_token: string;
  readonly scope: string;
}

/** Options of an authorization request: the public origin of the shop (redirect_uri `{publicOrigin}/login`, default the browser's origin), the scope, prompt. */
export interface AuthorizeOptions {
  readonly publicOrigin?: string;
  readonly scope?: string;
  readonly prompt?: "none" | "login";
}

const base64url = (buffer: Buffer) => buffer.toString("base64url");

/** Starts an authorization code flow with PKCE: GET /oidc/auth. Answers the response, the PKCE verifier, state and the redirect_uri. */
export const authorize = async (b: OidcBrowser, options: AuthorizeOptions = {}) => {
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(12));
  const redirectUri = `${options.publicOrigin ?? b.origin}/login`;
  const query = new URLSearchParams({
    client_id: "festival-shop",
    redirect_uri: redirectUri,
    response_type: "code",
    scope: options.scope ?? "openid profile email phone address",
    state,
    code_challenge: base64url(createHash("sha256").update(verifier).digest()),
    code_challenge_method: "S256",
    ...(options.prompt ? { prompt: options.prompt } : {}),
  });
  const response = await b.request(`/oidc/auth?${query}`);
  return { response, verifier, state, redirectUri };
};

/** Opens the login page the authorization answer points to; answers the form's action. Throws when the answer is no redirect to the login page. */
export const loginForm = async (b: OidcBrowser, auth: Response): Promise<string> => {
  if (auth.status !== 303) throw new Error(`authorization answered ${auth.status}, not 303`);
  const page = await b.request(auth.headers.get("location")!);
  if (page.status !== 200) throw new Error(`the login page answered ${page.status}`);
  return /action="([^"]+)"/.exec(await page.text())![1]!;
};

/** Posts the login form at `action` (from `b`'s server) with `email` and `password`. */
export const postLogin = (b: OidcBrowser, action: string, email: string, password: string) =>
  b.request(action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }).toString(),
  });

/** Follows a redirect answer to the app's /login callback and answers its query (code, state; error when refused). Throws on another answer. */
export const callbackOf = async (b: OidcBrowser, answer: Response): Promise<URLSearchParams> => {
  let response = answer;
  for (let hop = 0; hop < 5; hop += 1) {
    if (response.status !== 303 && response.status !== 302) throw new Error(`expected a redirect, got ${response.status}`);
    const location = new URL(response.headers.get("location")!, b.origin);
    if (location.pathname === "/login") return location.searchParams;
    response = await b.request(location.toString());
  }
  throw new Error("no /login callback after 5 redirects");
};

/** Redeems `code` at `b`'s token endpoint. Answers the response. */
export const redeem = (b: OidcBrowser, code: string, verifier: string, redirectUri: string) =>
  fetch(new URL("/oidc/token", b.origin), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: "festival-shop", code_verifier: verifier }).toString(),
  });

/** A whole login as `email` (password `festival`) on `b`'s server: authorize, login form, callback, token. Throws when a step fails. */
export const logIn = async (b: OidcBrowser, email: string, options: AuthorizeOptions = {}): Promise<Tokens> => {
  const { response, verifier, redirectUri } = await authorize(b, options);
  const posted = await postLogin(b, await loginForm(b, response), email, "festival");
  const callback = await callbackOf(b, posted);
  const token = await redeem(b, callback.get("code")!, verifier, redirectUri);
  if (token.status !== 200) throw new Error(`the token endpoint answered ${token.status}: ${await token.text()}`);
  return (await token.json()) as Tokens;
};

/** The server's origin `http://localhost:{port}` once `app` listens on 127.0.0.1. */
export const originOf = (address: ReturnType<import("node:net").Server["address"]>): string =>
  `http://localhost:${typeof address === "object" && address ? address.port : 0}`;
