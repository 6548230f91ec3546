import { parseShopPath } from "./shop-flow.ts";

/** The save-time modal closes once the page has been scrolled this far (CSS pixels). spec §4 "It closes on login or after scrolling 400 px or more". */
export const SAVE_TIME_CLOSE_SCROLL_PX = 400;

/** True when a page scrolled `scrolledPx` CSS pixels from its top closes the save-time modal (SAVE_TIME_CLOSE_SCROLL_PX or more). spec §4. */
export const closesSaveTimeOnScroll = (scrolledPx: number): boolean => scrolledPx >= SAVE_TIME_CLOSE_SCROLL_PX;

/**
 * True on the routes the save-time modal may show on: a shop's routes except the payment status page; never "/" nor
 * "/login" (spec §4, §2 Routes).
 */
export const isSaveTimeRoute = (pathname: string): boolean => {
  const { slug, step } = parseShopPath(pathname);
  return slug !== null && slug !== "login" && step !== "paymentstatus";
};

/** The facts the save-time modal depends on. spec §3 Shop config showSaveTimeModal, §4 Login state and save-time modal. */
export interface SaveTimeInput {
  /** The shop config's flag (spec §3 showSaveTimeModal); absent means off. */
  readonly showSaveTimeModal?: boolean;
  /** The page's path (query and hash ignored). */
  readonly pathname: string;
  /** Single sign-on has answered whether somebody is logged in (spec §4 login-checked flag); false while unknown or unavailable. */
  readonly loginChecked: boolean;
  /** Somebody is logged in. */
  readonly loggedIn: boolean;
  /** The visitor closed the modal during this visit. */
  readonly dismissed: boolean;
  /** How far this page has been scrolled since it showed (the furthest, CSS pixels). */
  readonly scrolledPx: number;
}

/**
 * Whether the save-time login modal shows (spec §2 Other layers, §3 showSaveTimeModal, §4): allowed, login checked and
 * nobody logged in, until closed or scrolled SAVE_TIME_CLOSE_SCROLL_PX.
 */
export const showsSaveTimeModal = (input: SaveTimeInput): boolean =>
  input.showSaveTimeModal === true &&
  isSaveTimeRoute(input.pathname) &&
  input.loginChecked &&
  !input.loggedIn &&
  !input.dismissed &&
  !closesSaveTimeOnScroll(input.scrolledPx);
