import { setup as makeRunFolder } from './test-run-folder.js';

/**
 * Jest's globalSetup: the run's own temporary folder (test-run-folder.js), and its times in UTC
 * whatever the machine's zone, which the owner's commands give times in (bin/terminal-time.ts):
 * the processes jest starts next inherit both.
 */
export default function setup() {
  process.env.TZ = 'UTC';
  makeRunFolder();
}
