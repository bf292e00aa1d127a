import { Annotations, Fn, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
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
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/http/origin-verify.js';
import { API_ORIGIN_ID, serviceRouting, SITE_ORIGIN_ID } from '../front-door-paths.js';
import type { HostedZoneAttributes } from '../hosted-zone.js';
import { SitePagesOrigin, type SitePages } from '../pages/site-pages-origin.js';
import type { AgentSettings } from '../../lambdas/config.js';
import {
  changesPages,
  frontDoorFunctionCode,
  frontDoorRouting,
  otherNameRedirectCode,
  pageHeaders,
  pageHeadersFunctionCode,
  pagesWithoutHtml,
  unlistedPagesNote,
} from './front-door-function.js';

export interface CustomDomain {
  readonly domainName: string;
  readonly certificateArn: string;
  readonly hostedZone?: HostedZoneAttributes;
  /** The domain's other name (`www.example.com` beside `example.com`, or the other way), which redirects to `domainName`. */
  readonly redirectDomainName?: string;
  /**
   * false: the zone gets no record of the site's names, which the owner points at the distribution,
   * as a site moving from another host does to switch its records in place, with no gap.
   */
  readonly siteRecords?: false;
}

export interface FrontDoorProps {
  readonly api: IHttpApi;
  /** Sent to the API as `X-Origin-Verify`: a dynamic reference, never the value. */
  readonly originSecret: string;
  readonly customDomain?: CustomDomain;
  readonly sitePages?: SitePages;
  /** A web ACL of scope CLOUDFRONT (us-east-1). */
  readonly webAclArn?: string;
  /** `{base}` when set apart from the domain (`baseUrl`); else the front door's own origin. */
  readonly baseUrl?: string;
  /** What the site gets for agents (docs/api.md §16). */
  readonly agents: AgentSettings;
  /** The owner's form page's path (`formPage`), when the site has one. */
  readonly formPage?: string;
}

/**
 * The stack's public face (docs/api.md §10): one CloudFront distribution that sends every path of
 * the route table to the HTTP API and every other path to the site's pages. Only AWS's managed
 * cache, origin request and response headers policies, none with the viewer's `Host` (API Gateway
 * refuses a foreign one), at most five behaviours: what CloudFront's Free plan accepts.
 */
export class FrontDoor extends Construct {
  readonly distribution: Distribution;
  /** `https://` and the domain visitors reach it at. */
  readonly origin: string;
  /** The viewer-request function of the default behaviour, when the site has pages of its own (and of `/contact`, when it shows the form page: formPageAtForm). */
  readonly routingFunction?: CloudFrontFunction;
  /** The viewer-request function of every behaviour the routing function is not on, when the domain has another name that redirects to it. */
  readonly redirectFunction?: CloudFrontFunction;
  /** The viewer-response function of the routing function's behaviours, when the site's pages get Link headers or Markdown (docs/api.md §16), or come from an existing site, whose redirects it keeps here (§10). */
  readonly headersFunction?: CloudFrontFunction;
  /** Where the site's own pages come from, when it has any. */
  readonly pages?: SitePagesOrigin;

  constructor(scope: Construct, id: string, props: FrontDoorProps) {
    super(scope, id);
    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', props.api.apiEndpoint)), {
      originId: API_ORIGIN_ID,
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originSecret },
    });
    // Every viewer header but Host, CloudFront-Viewer-Address among CloudFront's own (docs/api.md §10),
    // and every method, so that a wrong one gets the API's 405 with Allow (docs/api.md §1), not CloudFront's 403.
    // AWS's managed security headers on every path, the service's too (HSTS, nosniff): the policy
    // adds its other headers only to an answer without them (AWS's "Use managed response headers
    // policies"), so the form pages' own Referrer-Policy stands.
    const everyBehavior = {
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
    } as const satisfies Partial<BehaviorOptions>;

    const pages = props.sitePages === undefined ? undefined : new SitePagesOrigin(this, 'Pages', props.sitePages, SITE_ORIGIN_ID, props.agents);
    this.pages = pages;
    const routes = serviceRouting();
    const domain = props.customDomain;
    const redirect = domain?.redirectDomainName === undefined ? undefined : { from: domain.redirectDomainName, to: `https://${domain.domainName}` };
    const routing = pages === undefined ? undefined : frontDoorRouting(pages.paths ?? null, { markdown: pages.markdown, redirect, formPage: props.formPage });
    if (pages !== undefined && routing !== undefined) {
      this.routingFunction = new CloudFrontFunction(this, 'Routing', {
        comment: 'Paths of the route table to the API; folders of the site to their index.html, pages to their .html (lib/edge/front-door-routing.js)',
        runtime: FunctionRuntime.JS_2_0,
        code: FunctionCode.fromInline(frontDoorFunctionCode(routing)),
      });
      const unlisted = unlistedPagesNote('siteDir', pages.paths ?? [], routing.site);
      if (unlisted !== undefined) Annotations.of(this).addInfo(unlisted);
      const headers = pageHeaders({ linkHeaders: props.agents.linkHeaders, markdown: pages.markdown, ...(props.sitePages?.kind === 'origin' ? { siteHost: props.sitePages.host } : {}) });
      if (changesPages(headers)) {
        this.headersFunction = new CloudFrontFunction(this, 'PageHeaders', {
          comment: "The site's pages' Link, Vary and Location headers (lib/edge/front-door-headers.js)",
          runtime: FunctionRuntime.JS_2_0,
          code: FunctionCode.fromInline(pageHeadersFunctionCode(headers)),
        });
      }
    }
    // Every behaviour the routing function is not on redirects the other name all the same, so that
    // no page of the service is served under a name whose origin its checks refuse.
    if (redirect !== undefined) {
      this.redirectFunction = new CloudFrontFunction(this, 'OtherNameRedirect', {
        // CloudFront takes 128 characters of comment at most: the names would pass that.
        comment: "The domain's other name to its one name (lib/edge/front-door-redirect.js)",
        runtime: FunctionRuntime.JS_2_0,
        code: FunctionCode.fromInline(otherNameRedirectCode(redirect)),
      });
    }
    const requestFunction = this.routingFunction ?? this.redirectFunction;
    const redirectOnly = this.redirectFunction === undefined ? {} : { functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: this.redirectFunction }] };
    const routed =
      requestFunction === undefined
        ? {}
        : {
            functionAssociations: [
              { eventType: FunctionEventType.VIEWER_REQUEST, function: requestFunction },
              ...(this.headersFunction === undefined ? [] : [{ eventType: FunctionEventType.VIEWER_RESPONSE, function: this.headersFunction }]),
            ],
          };
    // The site's pages, and the GET-only documents of the route table: at the edge as long as
    // their own Cache-Control says, keyed by path alone.
    const defaultBehavior: BehaviorOptions = {
      ...everyBehavior,
      origin: pages?.origin ?? apiOrigin,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      ...routed,
    };
    // The path of the service's form that shows the owner's form page runs the routing function
    // too, which sends its reads to the page: uncached all the same, as its posts must be.
    const formPagePath = routing?.formPage?.path;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Personal site: its pages and its service at one origin',
      defaultBehavior,
      // Paths that take POST or OPTIONS, and the folders they are in: never cached, their GET included.
      additionalBehaviors: Object.fromEntries(
        routes.uncachedPatterns.map((pattern) => [
          pattern,
          { ...everyBehavior, origin: apiOrigin, cachePolicy: CachePolicy.CACHING_DISABLED, ...(pattern === formPagePath ? routed : redirectOnly) },
        ]),
      ),
      httpVersion: HttpVersion.HTTP2_AND_3,
      ...(pages?.defaultRootObject === undefined ? {} : { defaultRootObject: pages.defaultRootObject }),
      ...(pages?.notFoundPage === undefined
        ? {}
        : { errorResponses: [{ httpStatus: 404, responseHttpStatus: 404, responsePagePath: pages.notFoundPage }] }),
      ...(domain === undefined
        ? {}
        : {
            domainNames: [domain.domainName, ...(domain.redirectDomainName === undefined ? [] : [domain.redirectDomainName])],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }),
      ...(props.webAclArn === undefined ? {} : { webAclId: props.webAclArn }),
    });
    this.origin = `https://${domain?.domainName ?? this.distribution.distributionDomainName}`;
    pages?.deployTo(this.distribution, props.baseUrl ?? this.origin, routing === undefined ? [] : pagesWithoutHtml(pages.paths ?? [], routing));
    this.acknowledgeFindings(props);

    if (domain?.hostedZone !== undefined && domain.siteRecords !== false) {
      const zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', domain.hostedZone);
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      new ARecord(this, 'AliasA', { zone, recordName: domain.domainName, target });
      new AaaaRecord(this, 'AliasAaaa', { zone, recordName: domain.domainName, target });
      if (domain.redirectDomainName !== undefined) {
        new ARecord(this, 'OtherNameAliasA', { zone, recordName: domain.redirectDomainName, target });
        new AaaaRecord(this, 'OtherNameAliasAaaa', { zone, recordName: domain.redirectDomainName, target });
      }
    }
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
        'The web ACL is opt-in (context pricingPlan free, or waf at about 9 USD a month; README): without it each route\'s throttle and the per-IP limits meet floods.',
      );
    }
    if (props.sitePages?.kind === 'folder') {
      acknowledge(
        'Annotation::@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
        'The bucket may be listed so that a missing page is a 404, not a 403; `/` serves index.html (the default root object, and the routing function), never the listing.',
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
