import { travelTicketStillAvailable } from "../../domain/product-catalogue.ts";
import { useCurrentShop, useProducts } from "../shop/shop-context.tsx";

/**
 * True when the shop sells travel (apiTravelId) and one of its travel entrance tickets (category 'TRAVEL TICKETS') is
 * not sold out: the ticket screens then show the travel link on sold-out tickets (spec §4 "Cart updates on item
 * screens", domain soldOutDisplay). False while the products load.
 */
export function useTravelTicketAvailable(): boolean {
  const { config } = useCurrentShop();
  const products = useProducts();
  if (!config.apiTravelId || !products.data) return false;
  return travelTicketStillAvailable(products.data);
}
