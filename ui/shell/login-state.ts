import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Effect } from "effect";
import { CheckLogin, type LoginState } from "../../application/use-cases/check-login.use-case.ts";
import { Logout } from "../../application/use-cases/logout.use-case.ts";
import { StartLogin } from "../../application/use-cases/start-login.use-case.ts";
import { runEffect } from "../run-effect.ts";
import { useUseCase } from "../use-cases.tsx";

/** react-query key of the single sign-on login state. */
export const loginKey = ["login-state"] as const;

/**
 * The single sign-on state of spec §4 Login state: `unknown` while the session check runs, `unavailable` when single
 * sign-on is not initialised (no provider, or the check failed: spec "A missing controller marks single sign-on
 * unavailable"), else `anonymous` or `user` with the login state (user, membership).
 */
export type SsoState =
  | { readonly status: "unknown" }
  | { readonly status: "unavailable" }
  | { readonly status: "anonymous"; readonly login: LoginState }
  | { readonly status: "user"; readonly login: LoginState };

/** Resolves a use case, or null when the container lacks one of its ports (screens composed in tests with some ports only). */
function useOptional<T>(resolve: () => T): T | null {
  try {
    return resolve();
  } catch {
    return null;
  }
}

/** The login state through the CheckLogin use case (checked once per page, kept one minute). */
export function useSsoState(): SsoState {
  const checkLogin = useOptional(() => useUseCase(CheckLogin));
  const query = useQuery({
    queryKey: loginKey,
    queryFn: () => runEffect(checkLogin!.execute()),
    enabled: checkLogin !== null,
    staleTime: 60_000,
    retry: false,
  });
  if (checkLogin === null || query.isError) return { status: "unavailable" };
  if (!query.data) return { status: "unknown" };
  return query.data.user === null ? { status: "anonymous", login: query.data } : { status: "user", login: query.data };
}

/** Login, account and logout actions of the profile menu (StartLogin, Logout use cases); failures are logged, never thrown. spec §2 Header, §4. */
export function useSsoActions() {
  const startLogin = useOptional(() => useUseCase(StartLogin));
  const logout = useOptional(() => useUseCase(Logout));
  const queryClient = useQueryClient();
  const logoutMutation = useMutation({
    mutationFn: () => runEffect(logout!.execute()),
    onSuccess: (state) => queryClient.setQueryData(loginKey, state),
    onError: (error) => Effect.runFork(Effect.logWarning("logout failed", error)),
  });
  const fire = (effect: Effect.Effect<void, unknown> | undefined) => {
    if (effect) Effect.runFork(effect.pipe(Effect.catch((error) => Effect.logWarning("single sign-on failed", error))));
  };
  return {
    /** Starts the login redirect, coming back to `returnTo`. */
    login: (returnTo?: string) => fire(startLogin?.execute(returnTo)),
    /** Opens the account page of the identity provider. */
    account: () => fire(startLogin?.editAccount()),
    /** Logs out (forgets the id-token cookie, then the logout redirect). */
    logout: () => logoutMutation.mutate(),
  };
}
