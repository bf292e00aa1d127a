import { afterAll, describe, expect, it } from '@jest/globals';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { firstDeploymentKeys } from '../../../../lambdas/deployment-keys/keys.js';
import { FUNCTION_NAMES, type FunctionName } from '../../../../lambdas/routes.js';
import { SETTING_GROUPS } from '../../../../lib/api/function-profiles.js';
import { synthesizeSite } from '../site-app.js';

/*
 * Each function gets exactly the settings its handler reads: the handler is imported (it reads
 * its settings at import, as in a Lambda cold start) with only the environment the stack gives it
 * plus what Lambda itself sets, and the settings it asks for are recorded.
 */

const SETTING_KEYS: readonly string[] = [...new Set(Object.values(SETTING_GROUPS).flat())];
const LAMBDA_PROVIDED = { AWS_REGION: 'eu-west-1', AWS_LAMBDA_FUNCTION_NAME: 'under-test' };
/** What a deploy-time token (a table name, a dynamic reference to a secret) stands for here: as long as a secret. */
const TOKEN_STAND_IN = 'resolved-at-deploy-as-long-as-a-generated-secret';
/** What a token resolves to where the setting has a shape of its own: the header's digests, as the keeper writes them. */
const SHAPED_STAND_INS: Readonly<Record<string, string>> = { ORIGIN_VERIFY_DIGESTS: firstDeploymentKeys(TOKEN_STAND_IN).originVerifyDigests };

const { stack } = synthesizeSite();
const savedEnvironment = process.env;
afterAll(() => {
  process.env = savedEnvironment;
});

function stackEnvironment(handlerName: FunctionName): Record<string, string> {
  const fn = stack.functions.get(handlerName)!;
  const resolved = stack.resolve((fn.node.defaultChild as CfnFunction).environment) as { variables?: Record<string, unknown> };
  return Object.fromEntries(
    Object.entries(resolved.variables ?? {}).map(([key, value]) => [key, typeof value === 'string' ? value : (SHAPED_STAND_INS[key] ?? TOKEN_STAND_IN)]),
  );
}

describe('each function’s environment', () => {
  it.each(FUNCTION_NAMES.map((name) => [name]))('holds exactly the settings the %s handler reads', async (name) => {
    const given = stackEnvironment(name);
    const read = new Set<string>();
    process.env = new Proxy(
      { ...given, ...LAMBDA_PROVIDED },
      {
        get: (target, key) => {
          if (typeof key === 'string') read.add(key);
          return Reflect.get(target, key) as unknown;
        },
        has: (target, key) => {
          if (typeof key === 'string') read.add(key);
          return Reflect.has(target, key);
        },
      },
    );
    try {
      const module = (await import(`../../../../lambdas/${name}/handler.js`)) as { handler?: unknown };
      expect(typeof module.handler).toBe('function');
    } finally {
      process.env = savedEnvironment;
    }
    expect(SETTING_KEYS.filter((key) => read.has(key)).sort()).toEqual(Object.keys(given).sort());
  }, 30_000);
});
