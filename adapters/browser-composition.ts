import type { DependencyContainer } from "tsyringe";
import { type CompositionSettings, composeDeviceContainer } from "./device-composition.ts";

/**
 * The web app's container (ui/main.tsx): the device adapters now (adapters/device-composition.ts), and
 * `completeComposition`, which loads adapters/composition-root.ts and registers the rest in the same container (the
 * HTTP adapters, analytics, single sign-on: registerNetworkAdapters) before the first use case that runs an Effect
 * (ui/use-cases.tsx calls it once; a failed chunk load rejects). Effect and the adapters stay out of the first load.
 */
export const composeDeferredBrowserContainer = (settings: CompositionSettings): { readonly container: DependencyContainer; readonly completeComposition: () => Promise<void> } => {
  const child = composeDeviceContainer(settings);
  return { container: child, completeComposition: () => import("./composition-root.ts").then((root) => root.registerNetworkAdapters(child)) };
};
