// Mutation testing of the pure domain core. Run with `npm run mutation`.
//
// Vitest 5 matches testNamePattern against the test's full name joined with " > " ("suite > test"), while
// @stryker-mutator/vitest-runner 9.6 still builds its per-mutant filter from names joined with " " (see
// stryker-mutator/stryker-js#6210). Unpatched, the filter selects no test and every covered mutant "survives".
// This file therefore also exports a tiny plugin, test runner "vitest5", that wraps the stock vitest runner and
// widens each space of the filter to also accept " > ". Drop it (testRunner: "vitest") once the runner is fixed.
import { strykerPlugins as vitestRunnerPlugins } from "@stryker-mutator/vitest-runner";
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from "@stryker-mutator/api/plugin";

const stockFactory = vitestRunnerPlugins[0].factory;

const widenPattern = (pattern) =>
  pattern instanceof RegExp ? new RegExp(pattern.source.replaceAll(" ", "(?: | > )"), pattern.flags) : pattern;

function createVitest5Runner(injector) {
  const runner = stockFactory(injector);
  const init = runner.init.bind(runner);
  runner.init = async () => {
    await init();
    for (const project of runner.ctx.projects) {
      let pattern = project.config.testNamePattern;
      Object.defineProperty(project.config, "testNamePattern", {
        configurable: true,
        enumerable: true,
        get: () => pattern,
        set: (value) => {
          pattern = widenPattern(value);
        },
      });
    }
  };
  return runner;
}
createVitest5Runner.inject = tokens(commonTokens.injector);

export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, "vitest5", createVitest5Runner)];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: ["domain/**/*.ts"],
  plugins: ["@stryker-mutator/vitest-runner", "./stryker.config.mjs"],
  testRunner: "vitest5",
  vitest: { configFile: "vitest.domain.config.ts", related: false },
  checkers: [],
  reporters: ["clear-text", "html", "progress"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  concurrency: 2,
  timeoutMS: 10000,
  timeoutFactor: 2,
  coverageAnalysis: "perTest",
  // Top-level constants (message catalogues, state lists) would re-run the whole suite per mutant; skipped for speed.
  ignoreStatic: true,
  tempDirName: ".stryker-tmp",
  cleanTempDir: true,
  thresholds: { high: 90, low: 85, break: null },
};
