import { Fn, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../lambdas/http/origin-verify.js';
import { METHODS_BY_PATH } from '../lambdas/routes.js';
import type { CustomDomain, SitePages } from './site-config.js';
import { SitePagesOrigin } from './site-pages-origin.js';

/** CloudFront's default quota of cache behaviours per distribution. */
export const MAX_CACHE_BEHAVIORS = 25;

export interface FrontDoorProps {
  readonly api: IHttpApi;
  /** Sent to the API as `X-Origin-Verify`: a dynamic reference, never the value. */
  readonly originSecret: string;
  readonly customDomain?: CustomDomain;
  readonly sitePages?: SitePages;
  /** A web ACL of scope CLOUDFRONT (us-east-1). */
  readonly webAclArn?: string;
}

/**
 * The stack's public face (docs/api.md §10): one CloudFront distribution that sends every path of
 * the route table to the HTTP API and every other path to the site's pages.
 */
export class FrontDoor extends Construct {
  readonly distribution: Distribution;
  /** `https://` and the domain visitors reach it at. */
  readonly origin: string;

  constructor(scope: Construct, id: string, props: FrontDoorProps) {
    super(scope, id);
    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', props.api.apiEndpoint)), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originSecret },
    });
    const apiBehavior = (readOnly: boolean): BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      // Every method, so that a wrong one gets the API's 405 with Allow (docs/api.md §1), not CloudFront's 403.
      allowedMethods: AllowedMethods.ALLOW_ALL,
      // Public documents stay at the edge as long as their own Cache-Control says, answers without
      // one (the reserved GET) not at all; POST and OPTIONS answers never.
      cachePolicy: readOnly ? CachePolicy.USE_ORIGIN_CACHE_CONTROL_HEADERS_QUERY_STRINGS : CachePolicy.CACHING_DISABLED,
      // Every viewer header, CloudFront-Viewer-Address among them, but Host: API Gateway refuses a foreign one.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    });

    const pages = props.sitePages === undefined ? undefined : new SitePagesOrigin(this, 'Pages', props.sitePages);
    const siteBehavior: BehaviorOptions =
      pages === undefined
        ? // No pages of its own: the API's fallback answers every other path (404 problem).
          apiBehavior(false)
        : {
            origin: pages.origin,
            viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
            cachePolicy: CachePolicy.CACHING_OPTIMIZED,
            responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
          };

    const domain = props.customDomain;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Personal site: its pages and its service at one origin',
      defaultBehavior: siteBehavior,
      additionalBehaviors: Object.fromEntries(
        [...serviceBehaviorPaths()].map(([path, methods]) => [path, apiBehavior(isReadOnly(methods))]),
      ),
      httpVersion: HttpVersion.HTTP2_AND_3,
      ...(pages?.defaultRootObject === undefined ? {} : { defaultRootObject: pages.defaultRootObject }),
      ...(domain === undefined
        ? {}
        : {
            domainNames: [domain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }),
      ...(props.webAclArn === undefined ? {} : { webAclId: props.webAclArn }),
    });
    pages?.deployTo(this.distribution);
    this.acknowledgeFindings(props);

    if (domain?.hostedZone !== undefined) {
      const zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', domain.hostedZone);
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      new ARecord(this, 'AliasA', { zone, recordName: domain.domainName, target });
      new AaaaRecord(this, 'AliasAaaa', { zone, recordName: domain.domainName, target });
    }
    this.origin = `https://${domain?.domainName ?? this.distribution.distributionDomainName}`;
  }

  private acknowledgeFindings(props: FrontDoorProps): void {
    const acknowledge = (id: string, reason: string) => Validations.of(this.distribution).acknowledge({ id, reason });
    acknowledge('AwsSolutions-CFR1', 'A personal site is for readers anywhere: no country is refused.');
    acknowledge(
      'AwsSolutions-CFR3',
      'The API keeps its own access log (without client addresses); CloudFront standard logs would hold every visitor address in a bucket to manage.',
    );
    if (props.webAclArn === undefined) {
      acknowledge(
        'AwsSolutions-CFR2',
        'The web ACL is opt-in (context waf, about 8 USD a month; README): without it the stage throttle and the per-IP limits meet floods.',
      );
    }
    if (props.customDomain === undefined) {
      acknowledge(
        'AwsSolutions-CFR4',
        'On its own cloudfront.net domain a distribution cannot choose its TLS policy; with a custom domain it uses TLSv1.2_2021.',
      );
    }
  }
}

function isReadOnly(methods: readonly string[]): boolean {
  return methods.every((method) => method === 'GET' || method === 'HEAD');
}

/** Every path of the route table, with the methods served there: one cache behaviour each. */
function serviceBehaviorPaths(): ReadonlyMap<string, readonly string[]> {
  if (METHODS_BY_PATH.size >= MAX_CACHE_BEHAVIORS) {
    throw new Error(
      `The route table has ${METHODS_BY_PATH.size} paths, and a distribution takes ${MAX_CACHE_BEHAVIORS} cache behaviours with the default one: group paths under a pattern, or raise the quota`,
    );
  }
  return METHODS_BY_PATH;
}
