/**
 * Resolves once `condition` holds, asking it every `everyMs`; fails once `timeoutMs` passed
 * without it, naming the condition. For what a test waits on that no event announces: a line in
 * a server's output, a file, a row's state.
 */
export async function until(condition: () => boolean | Promise<boolean>, { timeoutMs = 5_000, everyMs = 20 }: { timeoutMs?: number; everyMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not so after ${timeoutMs} ms: ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
