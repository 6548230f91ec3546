/** Port to the previous-id-token cookie: the identity token of an earlier single sign-on session. spec §6 "x-user-token ... or a previous-id-token cookie". */
export interface IdTokenStore {
  /** The stored id token, or null. */
  get(): string | null;
  /** Stores the id token (e.g. after login). */
  set(idToken: string): void;
  /** Removes the cookie (logout, another brand logged in). spec §4 Login state. */
  clear(): void;
}
