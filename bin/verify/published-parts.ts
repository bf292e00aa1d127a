import { ConfigError, readAgentSettings, type Env } from '../../lambdas/config.js';
import type { SettingsFile } from '../../lib/settings/settings-file.js';
import { inSettingsFileWords, previewsExistingSite, settingsFileVariables } from '../../lib/settings/preview-settings.js';
import { EVERY_PART, type PublishedParts } from './agent-readiness.js';

/** What the readiness probes are judged by, and a notice when the settings file could not tell it. */
export interface JudgedParts {
  readonly parts: PublishedParts;
  readonly notice?: string;
}

/**
 * What the settings file says the service publishes for agents, which the readiness probes are
 * judged by: as synth reads it for a deployment; for the preview (`--url`), as `npm start` reads
 * it, a variable of the environment winning, and a SITE_DIR previewing a build in place of
 * siteOrigin. A file that cannot be read stops no check: every part is taken as on, and the notice
 * says why, in the file's words.
 */
export function publishedParts(readFile: () => Pick<SettingsFile, 'path' | 'settings'>, env: Env, preview: boolean): JudgedParts {
  const read = preview ? env : {};
  let keys: readonly string[] = [];
  try {
    const file = readFile();
    const variables = settingsFileVariables(read, file);
    keys = variables.keys;
    return {
      parts: {
        existingSite: preview ? previewsExistingSite(env, file.settings) : file.settings.siteOrigin !== undefined,
        agents: readAgentSettings({ ...read, ...variables.variables }),
      },
    };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { parts: EVERY_PART, notice: `the agent probes are judged as if every part were on: your settings file could not be read (${inSettingsFileWords(error.message, keys, read)})` };
  }
}
