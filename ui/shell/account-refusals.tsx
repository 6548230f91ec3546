import { useCallback, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import type { FollowUp } from "../../domain/error-catalogue-table.ts";
import { parseShopPath } from "../../domain/shop-flow.ts";
import type { ErrorNotice, NoticeActions } from "./error-dialog.tsx";
import { useSsoActions } from "./login-state.ts";

/**
 * The buttons of the account refusals (spec §6, §8) by their follow-up: login prompts a login and returns, chooseEvent
 * leads to the event chooser. Stable across renders.
 */
export function useAccountRefusalActions(): NoticeActions {
  const navigate = useNavigate();
  const location = useLocation();
  const sso = useSsoActions();
  const current = useRef({ navigate, location, sso });
  current.current = { navigate, location, sso };
  return useCallback((notice: ErrorNotice, then: FollowUp): ErrorNotice => {
    const { navigate: go, location: at, sso: actions } = current.current;
    switch (then) {
      case "login": {
        const slug = parseShopPath(at.pathname).slug;
        return {
          ...notice,
          confirmLabelId: "error.6004.confirm",
          cancelLabelId: "error.6004.cancel",
          onConfirm: () => actions.login(at.pathname + at.search),
          onCancel: () => go(slug ? `/${slug}${at.search}` : `/${at.search}`),
        };
      }
      case "chooseEvent":
        return { ...notice, blocking: true, confirmLabelId: "error.6005.confirm", onConfirm: () => go(`/${at.search}`) };
      default:
        return notice;
    }
  }, []);
}
