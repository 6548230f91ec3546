import type { DependencyContainer } from "tsyringe";
import { type CompositionSettings, composeDeviceContainer } from "./device-composition.ts";

/**
 * The web app's container (ui/main.tsx): the device adapters now, the network adapters through `completeComposition`
 * before the first Effect use case, so effect stays out of the first load.
 */
export const composeDeferredBrowserContainer = (settings: CompositionSettings): { readonly container: DependencyContainer; readonly completeComposition: () => Promise<void> } => {
  const child = composeDeviceContainer(settings);
  return { container: child, completeComposition: () => import("./composition-root.ts").then((root) => root.registerNetworkAdapters(child)) };
};
