import type { SingleSignOn } from "../../application/ports/single-sign-on.port.ts";
import { type OidcEnv, oidcSettingsFromEnv } from "./oidc-settings-from-env.ts";
import { OidcSingleSignOn } from "./oidc-single-sign-on.ts";
import { UnavailableSingleSignOn } from "./unavailable-single-sign-on.ts";

/** The adapter of the build's settings (oidcSettingsFromEnv), or UnavailableSingleSignOn when they name no provider. Loaded lazily by the composition root (issue 12). */
export const oidcSingleSignOnFromEnv = (env: OidcEnv, origin: string): SingleSignOn => {
  const settings = oidcSettingsFromEnv(env, origin);
  return settings ? new OidcSingleSignOn(settings) : new UnavailableSingleSignOn();
};
