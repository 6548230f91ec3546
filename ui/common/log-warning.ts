/** Logs a failure the visitor is not shown (a fire-and-forget call: analytics, single sign-on, a background save) to the browser console, with what failed. */
export const logWarning = (what: string, cause: unknown): void => console.warn(what, cause);
