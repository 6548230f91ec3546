import "./polyfills.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { composeBrowserContainer } from "../adapters/composition-root.ts";
import { App } from "./app.tsx";
import "./styles.css";

// The Shop API host is configuration: VITE_SHOP_API_BASE_URL at build time ("" = this page's own origin). README.
// The Travel API is its own host: VITE_TRAVEL_API_BASE_URL, default /travel-api on this page's origin (docs/travel-api.md).
const apiBaseUrl = import.meta.env.VITE_SHOP_API_BASE_URL ?? "";
const container = composeBrowserContainer({ apiBaseUrl, travelApiBaseUrl: import.meta.env.VITE_TRAVEL_API_BASE_URL ?? `${apiBaseUrl}/travel-api` });

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App container={container} />
  </StrictMode>,
);
