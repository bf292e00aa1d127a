import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type { HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { COUNTER_PARTITION_KEY, COUNTER_TTL_ATTRIBUTE } from '../lambdas/contact/counter-store.js';
import { IDEMPOTENCY_PARTITION_KEY, IDEMPOTENCY_TTL_ATTRIBUTE } from '../lambdas/contact/idempotency-table.js';
import { HANDLER_NAMES, type HandlerName } from '../lambdas/routes.js';
import { siteUrls } from '../lambdas/site-urls.js';
import { DeploymentSecret } from './deployment-secret.js';
import { FrontDoor } from './front-door.js';
import {
  functionProfile,
  type FRONT_DOOR_SETTING_KEYS,
  type INQUIRY_SETTING_KEYS,
  type SITE_SETTING_KEYS,
} from './function-profiles.js';
import { refreshInquiryValidator } from './inquiry-validator-code.js';
import { SiteAlarms } from './observability.js';
import { SiteApi } from './site-api.js';
import type { SiteConfig } from './site-config.js';
import { SiteFunction } from './site-function.js';
import { SiteMail } from './site-mail.js';

export interface SiteStackProps extends StackProps {
  readonly config: SiteConfig;
  /** The front door's web ACL (EdgeGuardStack), when the `waf` context asks for one. */
  readonly webAclArn?: string;
}

/** The discovery documents whose URLs the stack outputs (docs/api.md §5, §6, §8), by output id. */
const WELL_KNOWN_OUTPUTS = {
  OAuthProtectedResourceUrl: 'protectedResourceMetadata',
  OAuthAuthorizationServerUrl: 'authorizationServerMetadata',
  ApiCatalogUrl: 'apiCatalog',
  LlmsTxtUrl: 'llmsTxt',
} as const satisfies Record<string, keyof ReturnType<typeof siteUrls>>;

/**
 * The whole service: the front door (a CloudFront distribution serving the site and the service
 * at one origin), an HTTP API whose routes come from lambdas/routes.ts, one function per handler,
 * the rate-limit counter table, the table of remembered answers to Idempotency-Key, the SES
 * configuration set inquiries are sent with, and the alarms that tell the owner when it breaks.
 */
export class SiteStack extends Stack {
  /** Each handler's function, by handler name. */
  readonly functions: ReadonlyMap<string, SiteFunction>;
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly counterTable: TableV2;
  readonly idempotencyTable: TableV2;
  readonly mail: SiteMail;
  readonly frontDoor: FrontDoor;
  /** The deployment's secret (docs/api.md §4, §10): the front door's header, and the key the counter keys are HMACs under. */
  readonly secret: DeploymentSecret;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { config } = props;
    // The contact bundle validates with code generated from the schema: bring it up to date before
    // esbuild reads it, so a deployment never checks rules other than those it publishes.
    if (this.bundlingRequired) refreshInquiryValidator();

    this.counterTable = expiringTable(this, 'Counters', {
      partitionKey: COUNTER_PARTITION_KEY,
      ttlAttribute: COUNTER_TTL_ATTRIBUTE,
      lifetime: 'Rate-limit counters expire within the hour',
    });
    this.idempotencyTable = expiringTable(this, 'IdempotencyRecords', {
      partitionKey: IDEMPOTENCY_PARTITION_KEY,
      ttlAttribute: IDEMPOTENCY_TTL_ATTRIBUTE,
      lifetime: 'Remembered answers to Idempotency-Key expire within a day',
    });
    this.mail = new SiteMail(this, 'Mail');

    const http = new SiteApi(this, 'Http');
    this.api = http.api;
    this.stage = http.stage;

    // One value for both: whoever may read one (the distribution's or a function's configuration)
    // may read the other, so a second secret would keep nothing apart, at 0.40 USD a month.
    this.secret = new DeploymentSecret(this, 'Deployment', {
      description: 'X-Origin-Verify, what the front door tells the API with every request, and the key the rate-limit counters are HMAC-SHA-256 under (docs/api.md §4, §10)',
      ...(config.secretVersion === undefined ? {} : { versionId: config.secretVersion }),
    });
    this.frontDoor = new FrontDoor(this, 'FrontDoor', {
      api: this.api,
      originSecret: this.secret.dynamicReference,
      ...(config.customDomain === undefined ? {} : { customDomain: config.customDomain }),
      ...(config.sitePages === undefined ? {} : { sitePages: config.sitePages }),
      ...(props.webAclArn === undefined ? {} : { webAclArn: props.webAclArn }),
    });

    const baseUrl = config.baseUrl ?? this.frontDoor.origin;
    const frontDoorSettings: Record<(typeof FRONT_DOOR_SETTING_KEYS)[number], string> = {
      ORIGIN_VERIFY_SECRET: this.secret.dynamicReference,
    };
    this.functions = new Map(HANDLER_NAMES.map((name) => [name, this.handlerFunction(name, config, baseUrl, frontDoorSettings)]));
    http.routeTo(this.functions);

    if (config.createSesIdentity) {
      new EmailIdentity(this, 'SenderIdentity', { identity: Identity.email(config.senderEmail) });
    }

    new SiteAlarms(this, 'Alarms', {
      ownerEmail: config.ownerEmail,
      functionLogs: new Map([...this.functions].map(([name, fn]) => [name, fn.logGroup])),
      accessLogs: http.accessLogs,
      configurationSetName: this.mail.configurationSet.configurationSetName,
    });

    new CfnOutput(this, 'DistributionDomainName', {
      value: this.frontDoor.distribution.distributionDomainName,
      description: config.customDomain
        ? `Point ${config.customDomain.domainName} here (an alias, or a CNAME for a subdomain) unless the stack made the records`
        : 'The front door: the site and the service',
    });
    new CfnOutput(this, 'ApiUrl', {
      value: this.api.apiEndpoint,
      description: "The API's own endpoint: it answers 403 to anything that does not come through the front door",
    });
    new CfnOutput(this, 'BaseUrl', { value: baseUrl, description: '{base}: the origin every published URL starts with' });
    new CfnOutput(this, 'SecretArn', {
      value: this.secret.secret.secretArn,
      description: 'The deployment secret: put a new value here, then deploy with its version as secretVersion (README)',
    });
    const urls = siteUrls(baseUrl);
    for (const [outputId, document] of Object.entries(WELL_KNOWN_OUTPUTS)) {
      new CfnOutput(this, outputId, { value: urls[document] });
    }
    for (const [name, fn] of this.functions) {
      new CfnOutput(this, `Logs${pascalCase(name)}`, {
        value: fn.logGroup.logGroupName,
        description: `Log group of the ${name} function`,
      });
    }
  }

  private handlerFunction(
    name: HandlerName,
    config: SiteConfig,
    baseUrl: string,
    frontDoor: Readonly<Record<(typeof FRONT_DOOR_SETTING_KEYS)[number], string>>,
  ): SiteFunction {
    const profile = functionProfile(name);
    const site: Record<(typeof SITE_SETTING_KEYS)[number], string> = {
      BASE_URL: baseUrl,
      SITE_NAME: config.siteName,
      ALLOWED_ORIGINS: (config.allowedOrigins ?? [baseUrl]).join(','),
      RATE_LIMIT_IP: String(config.rateLimits.ip),
      RATE_LIMIT_EMAIL: String(config.rateLimits.email),
    };
    const inquiries: Record<(typeof INQUIRY_SETTING_KEYS)[number], string> = {
      CONTACT_TO: config.ownerEmail,
      CONTACT_FROM: config.senderEmail,
      COUNTER_TABLE: this.counterTable.tableName,
      COUNTER_KEY_SECRET: this.secret.dynamicReference,
      IDEMPOTENCY_TABLE: this.idempotencyTable.tableName,
      SES_CONFIGURATION_SET: this.mail.configurationSet.configurationSetName,
    };
    const environment = {
      // Every function refuses what did not come through the front door.
      ...frontDoor,
      ...(profile.readsSiteSettings ? site : {}),
      ...(profile.handlesInquiries ? inquiries : {}),
    };
    const fn = new SiteFunction(this, `${pascalCase(name)}Function`, {
      handlerName: name,
      environment,
      memorySize: profile.memorySize,
      timeout: Duration.seconds(profile.timeoutSeconds),
      lazyModules: profile.lazyModules,
    });
    if (profile.handlesInquiries) this.grantInquiries(fn, config);
    return fn;
  }

  /**
   * Count requests (one conditional update per counter), remember answers to Idempotency-Key
   * (Powertools' put, get, update and delete of one record), and send mail from the sender
   * identity only, with the stack's configuration set.
   */
  private grantInquiries(fn: SiteFunction, config: SiteConfig): void {
    this.counterTable.grant(fn, 'dynamodb:UpdateItem');
    this.idempotencyTable.grant(fn, 'dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem');
    // SES authorizes a send against the sender's address identity or its domain identity, whichever
    // is verified; in the sandbox it also checks the recipient's. The conditions pin the From, and
    // every recipient (To, Cc and Bcc) to the owner: a flaw in composing the mail cannot reach anyone else.
    const identities = new Set(
      [config.senderEmail, config.ownerEmail].flatMap((address) => [address, address.slice(address.indexOf('@') + 1)]),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          ...[...identities].map((identity) => this.formatArn({ service: 'ses', resource: 'identity', resourceName: identity })),
          // A send names its configuration set, which SES authorizes as a resource of its own.
          this.formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: this.mail.configurationSet.configurationSetName,
          }),
        ],
        conditions: {
          StringEquals: { 'ses:FromAddress': config.senderEmail },
          'ForAllValues:StringEquals': { 'ses:Recipients': [config.ownerEmail] },
        },
      }),
    );
  }
}

/**
 * An on-demand table of items that expire by TTL within a day: nothing of value is lost with the
 * stack, and a point-in-time backup would restore nothing worth having.
 */
function expiringTable(
  scope: Construct,
  id: string,
  props: { readonly partitionKey: string; readonly ttlAttribute: string; readonly lifetime: string },
): TableV2 {
  const table = new TableV2(scope, id, {
    partitionKey: { name: props.partitionKey, type: AttributeType.STRING },
    timeToLiveAttribute: props.ttlAttribute,
    billing: Billing.onDemand(),
    removalPolicy: RemovalPolicy.DESTROY,
  });
  Validations.of(table).acknowledge({
    id: 'AwsSolutions-DDB3',
    reason: `${props.lifetime}; a point-in-time backup would restore nothing of value.`,
  });
  return table;
}

function pascalCase(name: string): string {
  return name.replace(/(?:^|[-_])([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
