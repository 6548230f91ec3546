/**
 * The basket's travel group (spec §2 Basket screen "travel", §3 Travel): the hotel booking of the current cart
 * (package, room, persons, stay, extras with amounts and subtotals). Rendered by the basket between tickets and
 * add-ons; renders nothing while the cart has no hotel booking. The travel screens fill it in.
 */
export function TravelBasketGroup(): React.ReactNode {
  return null;
}
