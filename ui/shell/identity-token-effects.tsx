import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import type { ShopApiError } from "../../application/errors.ts";
import { USER_TOKEN_INVALID } from "../../domain/error-catalogue.ts";
import { isTagged } from "../common/is-tagged.ts";
import { logWarning } from "../common/log-warning.ts";
import { useAsyncUseCase } from "../use-cases.tsx";
import { loginKey } from "./login-state.ts";

/** True for the Shop API's refusal of the visitor's identity token (401 user.token.invalid). spec §6. */
export const isUserTokenRefusal = (failure: unknown): boolean =>
  isTagged<ShopApiError>(failure, "ShopApiError") && failure.code === USER_TOKEN_INVALID;

// Once per page load: a token the server refused is forgotten once, so nothing loops (also under StrictMode).
let forgotten = false;

/**
 * The callback that forgets a refused identity token (spec §6) once per page load (ForgetUserToken) and reads every
 * query again anonymously; other failures are ignored.
 */
export function useForgetRefusedToken(): (failure: unknown) => void {
  const queryClient = useQueryClient();
  const forget = useAsyncUseCase((m) => m.ForgetUserToken);
  return useCallback(
    (failure: unknown) => {
      if (forgotten || !isUserTokenRefusal(failure)) return;
      forgotten = true;
      void forget
        .execute()
        .then((anonymous) => {
          queryClient.setQueryData(loginKey, anonymous);
          return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== loginKey[0] });
        })
        .catch((error: unknown) => logWarning("forgetting the refused identity token failed", error));
    },
    [queryClient, forget],
  );
}

/**
 * When any Shop API call refuses the identity token (spec §6), forgets it, sets the login state anonymous and reloads
 * every query, at most once per page load.
 */
export function IdentityTokenEffects({ onFailure }: { onFailure: (failure: unknown) => void }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onFailure(event.action.error);
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onFailure(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient, onFailure]);
  return null;
}
