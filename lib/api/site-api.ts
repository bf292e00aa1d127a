import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct, DependencyGroup } from 'constructs';
import { createHash } from 'node:crypto';
import { FALLBACK_HANDLER, ROUTES } from '../../lambdas/routes.js';
import { LOG_RETENTION } from '../log-retention.js';

/**
 * Flood guard of each route (the stage's default route settings, which every route takes as a
 * token bucket of its own: docs/api.md §10), in front of the per-IP limits the contact function
 * enforces: far above what a personal site sees on one route, far below what would run up a bill.
 */
export const API_THROTTLE = { rateLimit: 10, burstLimit: 20 } as const;

export interface SiteApiProps {
  /** The host's label (docs/api.md §10): a new label makes a new API, at a new execute-api host. */
  readonly hostRotation: string;
}

// No client IP, user agent or query string: nothing that identifies a visitor.
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    time: '$context.requestTime',
    routeKey: '$context.routeKey',
    status: '$context.status',
    responseLatency: '$context.responseLatency',
    integrationStatus: '$context.integrationStatus',
    integrationError: '$context.integrationErrorMessage',
    error: '$context.error.message',
  }),
);

/**
 * The HTTP API (API Gateway v2): its throttled, access-logged default stage and, once the functions
 * exist, the routes of lambdas/routes.ts. Visitors reach it through the front door only. CORS is
 * left to the functions, which answer it per route (docs/api.md §1).
 */
export class SiteApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** The stage's access log (no client addresses), which some alarms read (lib/observability/observability.ts). */
  readonly accessLogs: LogGroup;
  /**
   * What the API needs to answer beyond its endpoint: the stage, and each route with its
   * integration and its function's invoke permission (made in the route's scope), which
   * CloudFormation would otherwise make in parallel with whatever reads only the endpoint.
   */
  readonly serving = new DependencyGroup();

  constructor(scope: Construct, id: string, props: SiteApiProps) {
    super(scope, id);
    // Created without routes, so that the functions can read its endpoint as their {base}. A new
    // construct id is a new logical id: CloudFormation makes a new API (its id, the host, is
    // AWS's random choice), moves the stage, routes and permissions to it, then deletes the old one.
    this.api = new HttpApi(this, apiConstructId(props.hostRotation), {
      description: 'Personal site: contact endpoint and agent discovery documents',
      createDefaultStage: false,
    });
    this.accessLogs = new LogGroup(this, 'AccessLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: { destination: new LogGroupLogDestination(this.accessLogs), format: ACCESS_LOG_FORMAT },
    });
    this.serving.add(this.stage);
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: 'Every route is public by contract (docs/api.md §2, §5): each route\'s throttle and the per-IP limits meet abuse.',
    });
  }

  /** Each route of the route table to its handler's function; whatever matches none, to the fallback. */
  routeTo(functions: ReadonlyMap<string, IFunction>): void {
    const integrations = new Map<string, HttpLambdaIntegration>();
    const integrationOf = (handler: string) => {
      const fn = functions.get(handler);
      if (fn === undefined) throw new Error(`No function for handler "${handler}"`);
      if (!integrations.has(handler)) integrations.set(handler, new HttpLambdaIntegration(`${handler}Integration`, fn));
      return integrations.get(handler)!;
    };
    for (const route of ROUTES) {
      const httpRoute = new HttpRoute(this, `Route ${route.method} ${route.path.replaceAll('/', '_')}`, {
        httpApi: this.api,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrationOf(route.handler),
      });
      this.serving.add(httpRoute);
    }
    // So that 404 and 405 are the contract's problem answers, never API Gateway's own bodies.
    const fallback = new HttpRoute(this, 'Route $default', {
      httpApi: this.api,
      routeKey: HttpRouteKey.DEFAULT,
      integration: integrationOf(FALLBACK_HANDLER),
    });
    this.serving.add(fallback);
  }
}

/** `Api` for the first host; for a label, `Api` and 8 hex digits of its hash, so that any two labels make two APIs. */
function apiConstructId(hostRotation: string): string {
  return hostRotation === '' ? 'Api' : `Api${createHash('sha256').update(hostRotation).digest('hex').slice(0, 8)}`;
}
