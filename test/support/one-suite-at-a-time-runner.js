/**
 * jest's own runner, one suite at a time whatever maxWorkers says, still in a worker renewed past
 * workerIdleMemoryLimit: for the projects whose suites run the service and time it. Beside another
 * suite's load, a burst of posts meets the service's 1 s store budget and answers 503
 * (docs/development.md). jest runs the projects of one runner, then those of the next, never side by
 * side. Pinned to jest's own version in package.json, as it is jest's.
 */
import TestRunner from 'jest-runner';

export default class OneSuiteAtATimeRunner extends TestRunner {
  constructor(globalConfig, context, runnerOptions) {
    super({ ...globalConfig, maxWorkers: 1 }, context, runnerOptions);
  }
}
