/**
 * One plain closing line, `Tests: N passed, N failed, N skipped`, in the form CI tools read in
 * any language (jest's own summary line ends in "N total" instead). Jest prints its summary after
 * every custom reporter, so this line waits for the process to end.
 */
export default class SummaryReporter {
  onRunComplete(_contexts, results) {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = results;
    const line = `Tests: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped\n`;
    process.once('exit', () => process.stderr.write(line));
  }
}
