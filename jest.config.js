import { availableParallelism } from 'node:os';

/** ts-jest in ESM mode: middy 7 ships ES modules only, which jest loads with --experimental-vm-modules. */
const tsJest = ['ts-jest', { useESM: true, tsconfig: { isolatedModules: true } }];

/** The integration and browser projects' runner: jest's own, one suite at a time. */
const oneSuiteAtATime = '<rootDir>/test/support/one-suite-at-a-time-runner.js';

const shared = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': tsJest },
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/test/support/quiet-stdout.ts'],
};

/** The suites that run the service through local mode. */
const integration = {
  ...shared,
  displayName: 'integration',
  testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
  setupFilesAfterEnv: [...shared.setupFilesAfterEnv, '<rootDir>/test/support/integration-timeout.ts'],
};

/**
 * Of those, the suites that send the service no burst, whose limits a neighbour's load could trip,
 * and time nothing to the second: inbox.test.ts, whose time is waits (an SES outage, a claim's lease
 * running out), the owner's commands against emulators of AWS, which start no service, and the
 * suites that read a preview (existing-site, whose site no resolver finds, site-files,
 * agent-readiness) or verify it, with its one refused post and one test inquiry.
 */
const unhurriedSuites = [
  '/test/integration/inbox.test.ts',
  '/test/integration/owner-commands.test.ts',
  '/test/integration/inbox-wire.test.ts',
  '/test/integration/verify-wire.test.ts',
  '/test/integration/inquiry-store-wire.test.ts',
  '/test/integration/emulator-hosts.test.ts',
  '/test/integration/existing-site.test.ts',
  '/test/integration/site-files.test.ts',
  '/test/integration/agent-readiness.test.ts',
  '/test/integration/verify.test.ts',
];

export default {
  // Each suite's ES modules (aws-cdk-lib's among them) stay in the process that ran it: run in
  // band, the heap grew some 25 MB a suite and every suite slowed with it (a synth suite took
  // 10 s alone, 95 s late in the run; the whole run 34 minutes). With a limit, jest runs the
  // suites in a worker, even one, and starts a fresh one when a suite leaves it past the limit.
  workerIdleMemoryLimit: '512MB',
  // A suite a core for the unit and interop projects, which run code and tools alone: two on 2
  // cores (a suite waits on the synth it spawned), four at most (each may start a synth of its
  // own). The integration and browser projects run the service, one suite at a time on any machine
  // (but unhurriedSuites): a burst test beside another suite's load meets the service's 1 s store
  // budget and answers 503 (docs/development.md).
  maxWorkers: Math.min(4, Math.max(2, availableParallelism())),
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  // The run's temporary files in a folder of its own, removed at its end (test/support/test-run-folder.js).
  globalSetup: '<rootDir>/test/support/test-run-setup.js',
  globalTeardown: '<rootDir>/test/support/test-run-teardown.js',
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    { ...integration, runner: oneSuiteAtATime, testPathIgnorePatterns: unhurriedSuites },
    // The published documents read by other people's tools: Python's jsonschema and
    // openapi-spec-validator, Spectral, Redocly (test/support/interop-tools.ts).
    { ...shared, displayName: 'interop', testMatch: ['<rootDir>/test/interop/**/*.test.ts'] },
    // Chromium against the local server (test/support/browser.ts): each test drives a whole page.
    {
      ...shared,
      displayName: 'browser',
      runner: oneSuiteAtATime,
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
      setupFilesAfterEnv: [...shared.setupFilesAfterEnv, '<rootDir>/test/support/browser-timeout.ts'],
    },
    // Under the integration project's name, its unhurried suites: beside the unit and interop suites,
    // by jest's own runner, rather than alone between two suites of the service, two minutes of a
    // machine mostly idle. Last, so that the projects above keep their ids and jest's timings.
    { ...integration, testMatch: unhurriedSuites.map((suite) => `<rootDir>${suite}`) },
  ],
};
