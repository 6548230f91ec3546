// What react-aria's and react-stately's `use-sync-external-store/shim` imports resolve to in the build (vite.config.ts
// modernPackageBuilds, issue 12): React 19's own hook. The shim package only re-implements it for React 17 and older.
export { useSyncExternalStore } from "react";
