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
 */

const RUN_FOLDER = 'PERSONAL_SITE_TEST_RUN_FOLDER';
const SYSTEM_TMPDIR = 'PERSONAL_SITE_SYSTEM_TMPDIR';

export function setup() {
  process.env[SYSTEM_TMPDIR] ??= tmpdir();
  const folder = mkdtempSync(join(process.env[SYSTEM_TMPDIR], 'personal-site-test-run-'));
  process.env[RUN_FOLDER] = folder;
  process.env.TMPDIR = folder;
}

export function teardown() {
  const folder = process.env[RUN_FOLDER];
  process.env.TMPDIR = process.env[SYSTEM_TMPDIR];
  delete process.env[RUN_FOLDER];
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
}
