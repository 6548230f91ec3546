// Loaded before every test file: tsyringe needs the Reflect metadata API (docs/architecture.md "Conventions").
import "reflect-metadata";

// Screens load parts on first use (lazy modules): on a loaded shared machine their first import can take seconds, so
// Testing Library's findBy/waitFor wait up to 10 s instead of 1 s. A screen that never shows its part still fails.
import { configure } from "@testing-library/dom";
configure({ asyncUtilTimeout: 10_000 });
