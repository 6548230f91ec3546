import "./polyfills.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { composeBrowserContainer } from "../adapters/composition-root.ts";
import { App } from "./app.tsx";
import "./styles.css";

// The Shop API host is configuration: VITE_SHOP_API_BASE_URL at build time ("" = this page's own origin). README.
const container = composeBrowserContainer({ apiBaseUrl: import.meta.env.VITE_SHOP_API_BASE_URL ?? "" });

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App container={container} />
  </StrictMode>,
);
