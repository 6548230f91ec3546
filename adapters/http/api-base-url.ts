/** DI token of the Shop API host the HTTP adapters call ("" = the page's own origin). README "Pointing at another Shop API". */
export const API_BASE_URL = Symbol.for("ApiBaseUrl");
