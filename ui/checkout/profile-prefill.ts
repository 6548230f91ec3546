import { skipToken, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LoginState } from "../../application/use-cases/check-login.use-case.ts";
import type { CheckoutFormValues } from "../../domain/checkout-validation.ts";
import { prefillCheckoutValues } from "../../domain/checkout-prefill.ts";

/**
 * Prefills the checkout form from the logged-in profile once per user (spec §3) and reports its e-mail, read from the
 * cached login state without fetching; renders nothing, so a late login re-renders only it.
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
