// Setup file of vitest.domain.config.ts (the Stryker run only). @fast-check/vitest puts the seed into every
// property's test name; Stryker selects tests by name per mutant, so the seed must be the same in every run.
import { fc } from "@fast-check/vitest";

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: Number(process.env.FC_SEED ?? 20261120) });
