import type { FastifyRequest } from "fastify";
import { CART_TOKEN_HEADER, UPGRADABLE_ORDER_HEADER, UPGRADE_ACCESS_HEADER } from "../../domain/api.schema.ts";
import type { UpgradeAccess } from "../orders/upgradable-orders.ts";

/** A request header as one non-empty string, or undefined when absent, empty or repeated. */
const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === "string" && value !== "" ? value : undefined;
};

/** The request's x-cart-token header (spec §6, §7 Headers), or undefined when absent or empty. */
export const requestCartToken = (request: FastifyRequest): string | undefined => headerOf(request, CART_TOKEN_HEADER);

/** The request's x-upgradable-order-id and x-upgrade-access-id headers (spec §6 "Upgrades send an upgradable-order id header"). */
export const requestUpgradeAccess = (request: FastifyRequest): UpgradeAccess => ({
  orderId: headerOf(request, UPGRADABLE_ORDER_HEADER),
  accessId: headerOf(request, UPGRADE_ACCESS_HEADER),
});
