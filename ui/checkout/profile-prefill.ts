import { skipToken, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LoginState } from "../../application/use-cases/check-login.use-case.ts";
import type { CheckoutFormValues } from "../../domain/checkout-validation.ts";
import { prefillCheckoutValues } from "../../domain/checkout-prefill.ts";

/**
 * Prefills the checkout form from the logged-in user's profile once per user (spec §3 "The user profile prefill reads
 * givenName, familyName, ..."; domain prefillCheckoutValues keeps what was typed) and reports the profile's e-mail (or
 * undefined) through `onEmail`: while the form holds it, the form shows it read-only (spec §3 "The email field is
 * read-only when prefilled"). Reads the login state the header's check (ui/shell/login-state.ts, key ["login-state"])
 * keeps in the query cache, without fetching (skipToken): importing login-state.ts here would split it off the header
 * into a chunk of its own. A component that renders nothing, so that the login state arriving after the
 * page has loaded renders only it again, not the whole checkout (that was a long task on a slow phone).
 */
export function ProfilePrefill({ setValues, onEmail }: { setValues: (update: (values: CheckoutFormValues) => CheckoutFormValues) => void; onEmail: (email: string | undefined) => void }): null {
  const login = useQuery<LoginState>({ queryKey: ["login-state"], queryFn: skipToken }).data;
  const user = login?.user ?? null;
  const profile = user?.profile ?? (user?.email ? { email: user.email } : undefined);
  useEffect(() => {
    if (profile) setValues((values) => prefillCheckoutValues(values, profile));
  }, [user?.sub]); // eslint-disable-line react-hooks/exhaustive-deps
  const email = profile?.email;
  useEffect(() => onEmail(email), [email, onEmail]);
  return null;
}
