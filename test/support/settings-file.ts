import { fileURLToPath } from 'node:url';

/**
 * The environment of a command a test runs (npm start, the CDK app): an empty settings file, so
 * that the developer's own site-settings.json never reaches a test.
 */
export const NO_SETTINGS_FILE: Readonly<Record<string, string>> = {
  SITE_SETTINGS: fileURLToPath(new URL('./empty-settings.json', import.meta.url)),
};
