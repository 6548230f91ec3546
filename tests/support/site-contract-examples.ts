/** Provider name of the notice endpoint in the Pact files (the provider's app host). spec §7 Other calls. */
export const NOTICE_PROVIDER = "shop-notice";
/** Provider name of the web host answering GET /api/init on the page's own origin. spec §7 Other calls. */
export const WEB_HOST_PROVIDER = "shop-web-host";

/** The notice the "a notice is published" provider state publishes. */
export const PUBLISHED_NOTICE = {
  title: "Planned maintenance",
  error: "The shop is closed tonight from 23:00 to 23:30.",
} as const;

/** Environment variable holding the bearer token of PUT /api/notice, shared by the server and the provider states. */
export const NOTICE_ADMIN_TOKEN_ENV = "NOTICE_ADMIN_TOKEN";
