import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LoginState } from "../../application/use-cases/check-login.use-case.ts";
import { logWarning } from "../common/log-warning.ts";
import { useAsyncUseCase } from "../use-cases.tsx";

/** react-query key of the single sign-on login state. */
export const loginKey = ["login-state"] as const;

/**
 * The single sign-on state (spec §4 Login state): `unknown` while checking, `unavailable` without a working provider,
 * else `anonymous` or `user`.
 */
export type SsoState =
  | { readonly status: "unknown" }
  | { readonly status: "unavailable" }
  | { readonly status: "anonymous"; readonly login: LoginState }
  | { readonly status: "user"; readonly login: LoginState };

/** The login state through the CheckLogin use case (checked once per page, kept one minute). */
export function useSsoState(): SsoState {
  const checkLogin = useAsyncUseCase((m) => m.CheckLogin);
  // Without a single sign-on adapter (screens composed in tests with some ports only) the check fails: unavailable.
  const query = useQuery({ queryKey: loginKey, queryFn: () => checkLogin.execute(), staleTime: 60_000, retry: false });
  if (query.isError) return { status: "unavailable" };
  if (!query.data) return { status: "unknown" };
  return query.data.user === null ? { status: "anonymous", login: query.data } : { status: "user", login: query.data };
}

/** Login, account and logout actions of the profile menu (StartLogin, EditAccount, Logout use cases); failures are logged, never thrown. spec §2 Header, §4. */
export function useSsoActions() {
  const startLogin = useAsyncUseCase((m) => m.StartLogin);
  const editAccount = useAsyncUseCase((m) => m.EditAccount);
  const logout = useAsyncUseCase((m) => m.Logout);
  const queryClient = useQueryClient();
  const logoutMutation = useMutation({
    mutationFn: () => logout.execute(),
    onSuccess: (state) => queryClient.setQueryData(loginKey, state),
    onError: (error) => logWarning("logout failed", error),
  });
  const fire = (call: Promise<void>) => void call.catch((error: unknown) => logWarning("single sign-on failed", error));
  return {
    /** Starts the login redirect, coming back to `returnTo`. */
    login: (returnTo?: string) => fire(startLogin.execute({ returnTo })),
    /** Opens the account page of the identity provider. */
    account: () => fire(editAccount.execute()),
    /** Logs out (forgets the id-token cookie, then the logout redirect). */
    logout: () => logoutMutation.mutate(),
  };
}
