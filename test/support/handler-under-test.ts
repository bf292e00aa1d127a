import { afterAll, beforeAll } from '@jest/globals';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { FunctionName } from '../../lambdas/routes.js';

export type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * A handler as a Lambda cold start loads it, for the tests of one file. Its module reads its
 * settings at import, so it is imported (before the file's tests) with `environment` set on top of
 * process.env, and process.env is given back after them.
 */
export function handlerUnderTest<Event = APIGatewayProxyEventV2, Result = APIGatewayProxyStructuredResultV2>(
  name: FunctionName,
  environment: Record<string, string>,
): (event: Event, context: Context) => Promise<Result> {
  const savedEnvironment = { ...process.env };
  let imported: ((event: Event, context: Context) => Promise<Result>) | undefined;

  beforeAll(async () => {
    Object.assign(process.env, environment);
    ({ handler: imported } = (await import(`../../lambdas/${name}/handler.js`)) as { handler: typeof imported });
  });
  afterAll(() => {
    process.env = savedEnvironment;
  });

  return (event, context) => {
    if (imported === undefined) throw new Error(`the ${name} handler was called before its module was imported`);
    return imported(event, context);
  };
}
