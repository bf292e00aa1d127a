import { describe } from '@jest/globals';
import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

type Describe = (name: string, tests: () => void) => void;

/** The repository's root: scripts and the CLIs of node_modules/.bin run from there. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The interpreters tried, in order: PYTHON if set, the PATH's python3 (pyenv's on these machines,
 * with jsonschema and openapi-spec-validator), then Debian's, where `.ci/run` installs
 * python3-jsonschema when no other has it.
 */
const PYTHONS = [...(process.env.PYTHON ? [process.env.PYTHON] : []), 'python3', '/usr/bin/python3'];

/** The first interpreter that imports `module`, if any. */
export function pythonWith(module: string): string | undefined {
  return PYTHONS.find((python) => spawnSync(python, ['-c', `import ${module}`], { stdio: 'ignore' }).status === 0);
}

/**
 * `describe`, and the interpreter to run, when one imports `module`. Otherwise a developer's run
 * skips the suite and says in one line what to install, while CI (`CI=true`) fails: a missing
 * reader must never pass there. Decided when the test file loads, as jest needs.
 */
export function describeWithPython(module: string, hint: string): { readonly describe: Describe; readonly python: string } {
  const python = pythonWith(module);
  if (python !== undefined) return { describe, python };
  const message = `No Python here imports ${module} (tried ${PYTHONS.join(', ')}): ${hint}`;
  if (process.env.CI === 'true') throw new Error(`CI=true and the interop tests cannot run. ${message}`);
  process.stderr.write(`Interop tests skipped. ${message}\n`);
  return { describe: describe.skip, python: '' };
}

export interface CommandResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a program from the repository's root, `input` on its standard input; never throws for an exit status. */
export function runCommand(command: string, args: readonly string[], input = '', env: NodeJS.ProcessEnv = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : undefined;
      if (code === undefined) reject(error ?? new Error(`${command} did not run`));
      else resolve({ code, stdout, stderr });
    });
    child.stdin?.end(input);
  });
}

/**
 * JSON with every character beyond ASCII written as a `\uXXXX` escape: a lone surrogate can travel
 * no other way in valid JSON text, and a pair then travels as two escapes, which the reader must
 * join into one character (Python's `json` does; the interop tests check what it read).
 */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[^\u0000-\u007f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Runs a script of test/interop that reads JSON on its standard input and answers JSON; it must exit 0. */
export async function askPython<T>(python: string, script: string, request: unknown): Promise<T> {
  const { code, stdout, stderr } = await runCommand(python, [`test/interop/${script}`], asciiJson(request));
  if (code !== 0) throw new Error(`${python} ${script} exited ${code}: ${stderr}`);
  return JSON.parse(stdout) as T;
}
