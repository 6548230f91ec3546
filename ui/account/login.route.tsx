import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button, Heading } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { useLocation, useNavigate } from "react-router-dom";
import { LogIn } from "lucide";
import { Icon } from "../common/icon.tsx";
import { RecallDeepLink } from "../../application/use-cases/recall-deep-link.use-case.ts";
import { SiteHeader } from "../shell/site-header.tsx";
import { loginKey, useSsoActions } from "../shell/login-state.ts";
import type { LoginReturn } from "../shell/route-guards.tsx";
import { logWarning } from "../common/log-warning.ts";
import { useAsyncUseCase, useUseCase } from "../use-cases.tsx";

/**
 * /login (spec §2 Routes, Route guards): a Log in button that starts the login and returns to where the visitor came
 * from; on the provider's callback it completes the login and goes back.
 */
export function LoginRoute() {
  const { state, search } = useLocation();
  const navigate = useNavigate();
  const actions = useSsoActions();
  const completeLogin = useAsyncUseCase((m) => m.CompleteLogin);
  const deepLink = useUseCase(RecallDeepLink).execute();
  const returnTo = (state as LoginReturn | null)?.from ?? (deepLink?.slug ? `/${deepLink.slug}` : "/");
  const query = new URLSearchParams(search);
  const isCallback = (query.has("code") || query.has("error")) && query.has("state");
  const [failed, setFailed] = useState(false);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isCallback) return;
    completeLogin.execute({ callbackUrl: window.location.href }).then(
      (login) => {
        queryClient.setQueryData(loginKey, login);
        navigate(login.user?.returnTo ?? returnTo, { replace: true });
      },
      (failure: unknown) => {
        logWarning("login callback failed", failure);
        setFailed(true);
        navigate("/login", { replace: true, state });
      },
    );
  }, [isCallback]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      <SiteHeader />
      <main id="main" className="page login">
        <Heading level={1}>
          <FormattedMessage id="login.title" />
        </Heading>
        <p>
          <FormattedMessage id="login.body" />
        </p>
        {failed ? (
          <p role="alert" className="field-error">
            <FormattedMessage id="login.failed" />
          </p>
        ) : null}
        <Button className="button primary large" onPress={() => actions.login(returnTo)}>
          <Icon node={LogIn} size={20} aria-hidden="true" />
          <FormattedMessage id="login.button" />
        </Button>
      </main>
    </>
  );
}
