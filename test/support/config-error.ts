import { ConfigError } from '../../lambdas/config.js';

/** The ConfigError a settings reader throws, so a test can check that its one line names the setting. */
export function configErrorOf(read: () => unknown): ConfigError {
  try {
    read();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError, but the settings were read');
}
