/** How a client addresses one event on the Shop API: the event namespace header and the bearer shop token. spec §7 headers. */
export interface ShopContext {
  readonly apiNamespace: string;
  readonly shopToken: string;
}
