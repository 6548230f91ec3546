import { useCallback, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import type { FollowUp } from "../../domain/error-catalogue-table.ts";
import { parseShopPath } from "../../domain/shop-flow.ts";
import type { ErrorNotice, NoticeActions } from "./error-dialog.tsx";
import { useSsoActions } from "./login-state.ts";

/**
 * The buttons of the Shop API's account refusals (spec §6, §8) by their follow-up (domain CATALOGUE), whichever screen
 * met them: login (6004, the login prompt), a decision whose Login starts the login and comes back to this page, and
 * whose cancel goes to the shop's overview; chooseEvent (6005, Membership needed), blocking, leading to the event
 * chooser. Other notices pass unchanged. The function is
 * stable across renders (it reads the current location and actions when called).
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
