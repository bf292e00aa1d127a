import { readFileSync } from 'node:fs';

/** The feature flags `cdk synth` runs with (cdk.json's context), so that an App made in code synthesizes what the CLI would. */
export const CDK_JSON_CONTEXT = (JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
}).context;
