import { queryOptions } from "@tanstack/react-query";
import type { ListAccountOrders } from "../../application/use-cases/list-account-orders.use-case.ts";
import type { AsyncUseCase } from "../use-cases.tsx";

/** react-query keys of the logged-in account's orders ("My festival"), per account e-mail so another login never sees them. */
export const accountOrdersKeys = {
  of: (email: string | undefined) => ["account-orders", email ?? ""] as const,
};

/** The account's orders in the brand's shops, or null when nobody is logged in (ListAccountOrders; spec §6 Logged-in user). Never retried: a 401 asks for a new login. */
export const accountOrdersQuery = (listAccountOrders: AsyncUseCase<ListAccountOrders>, email: string | undefined) =>
  queryOptions({ queryKey: accountOrdersKeys.of(email), queryFn: () => listAccountOrders.execute(), staleTime: 30_000, retry: false });
