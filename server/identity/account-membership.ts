import { findDemoAccount } from "./demo-accounts.ts";

/** An account's membership as the account API answers it (spec §4 Login state, §6): status (0 = none, 1 or more active) and level (null when none). */
export interface AccountMembership {
  readonly status: number;
  readonly level: string | null;
}

/** No membership: what an account unknown to the reference server's account API has. */
const NO_MEMBERSHIP: AccountMembership = { status: 0, level: null };

/**
 * The membership of the account a verified x-user-token names (never one the request sends); none for an unknown
 * account. spec §6.
 */
export const accountMembership = (accountId: string): AccountMembership => findDemoAccount(accountId)?.membership ?? NO_MEMBERSHIP;
