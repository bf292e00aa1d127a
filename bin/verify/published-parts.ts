import { readAgentSettings, type Env } from '../../lambdas/config.js';
import type { SettingsFile } from '../../lib/settings/settings-file.js';
import { settingsFileVariables, SITE_DIR } from '../local/settings.js';
import type { PublishedParts } from './agent-readiness.js';

/**
 * What the settings file says the service publishes for agents, which the readiness probes are
 * judged by: as synth reads it for a deployment; for the preview (`--url`), as `npm start` reads
 * it, a variable of the environment winning, and a SITE_DIR previewing a build in place of siteOrigin.
 */
export function publishedParts(file: Pick<SettingsFile, 'path' | 'settings'>, env: Env, preview: boolean): PublishedParts {
  const read = preview ? env : {};
  const { variables } = settingsFileVariables(read, file);
  return {
    existingSite: file.settings.siteOrigin !== undefined && !(preview && env[SITE_DIR] !== undefined && env[SITE_DIR] !== ''),
    agents: readAgentSettings({ ...read, ...variables }),
  };
}
