import { NOTICE_ADMIN_TOKEN_ENV, PUBLISHED_NOTICE } from "../../support/site-contract-examples.ts";
import type { StateHandlers, StateKit } from "./state-kit.ts";

const noticeAuth = (): Record<string, string> => {
  const token = process.env[NOTICE_ADMIN_TOKEN_ENV];
  if (!token) throw new Error(`${NOTICE_ADMIN_TOKEN_ENV} must be set (the provider's PUT /api/notice token) to set up notice states`);
  return { authorization: `Bearer ${token}` };
};

/** States of the notice contract (contracts/festival-shop-web-shop-notice.json), set over PUT /api/notice only. */
export const siteStates = (kit: StateKit): StateHandlers => ({
  "no notice is published": async () => {
    await kit.call("PUT", "/api/notice", { title: null, error: null }, noticeAuth());
  },
  "a notice is published": async () => {
    await kit.call("PUT", "/api/notice", PUBLISHED_NOTICE, noticeAuth());
  },
});
