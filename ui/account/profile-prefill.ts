import { useEffect } from "react";
import { type CheckoutFormValues } from "../../domain/checkout-validation.ts";
import { prefillCheckoutValues } from "../../domain/checkout-prefill.ts";
import { useSsoState } from "../shell/login-state.ts";

/**
 * Prefills the checkout form from the logged-in user's profile once per user (spec §3 "The user profile prefill reads
 * givenName, familyName, ..."; domain prefillCheckoutValues keeps what was typed). Answers the profile's e-mail (or
 * undefined): while the form holds it, the form shows it read-only (spec §3 "The email field is read-only when prefilled").
 */
export function useProfilePrefill(setValues: (update: (values: CheckoutFormValues) => CheckoutFormValues) => void): string | undefined {
  const sso = useSsoState();
  const user = sso.status === "user" ? sso.login.user : null;
  const profile = user?.profile ?? (user?.email ? { email: user.email } : undefined);
  useEffect(() => {
    if (profile) setValues((values) => prefillCheckoutValues(values, profile));
  }, [user?.sub]); // eslint-disable-line react-hooks/exhaustive-deps
  return profile?.email;
}
