import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Jest's globalSetup and globalTeardown: every temporary file of a test run (the site folders the
 * tests write, each synth's cdk.out, local mode's copies, Chromium's profiles, the processes the
 * tests start) goes in one folder of the run's own, through TMPDIR, which os.tmpdir() and the
 * processes started after it read, and the folder goes when the run ends. Without it, each run
 * left some thousand folders in /tmp, a gigabyte or so: a machine that runs the tests daily fills
 * its disk in weeks. In watch mode jest runs both for each run, in the one process: each run's
 * folder is made in the system's, which the first setup keeps, and TMPDIR is given back after.
 *
 * The run's folder holds Node's compile cache too (NODE_COMPILE_CACHE): the code V8 made of each
 * module a process loaded, which the next process loading it takes instead of compiling it again.
 * A run starts npm start, the owner's commands, synths and jest's workers some hundreds of times,
 * each loading the same modules: a start of local mode takes some 10 % less CPU.
 */

const RUN_FOLDER = 'PERSONAL_SITE_TEST_RUN_FOLDER';
const SYSTEM_TMPDIR = 'PERSONAL_SITE_SYSTEM_TMPDIR';

export function setup() {
  process.env[SYSTEM_TMPDIR] ??= tmpdir();
  const folder = mkdtempSync(join(process.env[SYSTEM_TMPDIR], 'personal-site-test-run-'));
  process.env[RUN_FOLDER] = folder;
  process.env.TMPDIR = folder;
  process.env.NODE_COMPILE_CACHE = join(folder, 'node-compile-cache');
}

export function teardown() {
  const folder = process.env[RUN_FOLDER];
  process.env.TMPDIR = process.env[SYSTEM_TMPDIR];
  delete process.env[RUN_FOLDER];
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
}
