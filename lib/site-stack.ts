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
import { functionProfile, type INQUIRY_SETTING_KEYS, type SITE_SETTING_KEYS } from './function-profiles.js';
import { refreshInquiryValidator } from './inquiry-validator-code.js';
import { SiteAlarms } from './observability.js';
import { SiteApi } from './site-api.js';
import type { SiteConfig } from './site-config.js';
import { SiteFunction } from './site-function.js';
import { SiteMail } from './site-mail.js';

export interface SiteStackProps extends StackProps {
  readonly config: SiteConfig;
}

/**
 * PLACEHOLDER, to be replaced at merge: COUNTER_KEY_SECRET must be the deployment secret of
 * lib/deployment-secret.ts (generated at deploy time, passed as a dynamic reference), never a value
 * in the repository or in clear in the template. This one only keeps synth and its tests running.
 */
const UNWIRED_COUNTER_KEY_SECRET = 'placeholder-until-the-deployment-secret-is-wired';

/** The discovery documents whose URLs the stack outputs (CONTRACT §5, §6, §8), by output id. */
const WELL_KNOWN_OUTPUTS = {
  OAuthProtectedResourceUrl: 'protectedResourceMetadata',
  OAuthAuthorizationServerUrl: 'authorizationServerMetadata',
  ApiCatalogUrl: 'apiCatalog',
  LlmsTxtUrl: 'llmsTxt',
} as const satisfies Record<string, keyof ReturnType<typeof siteUrls>>;

/**
 * The whole service: an HTTP API whose routes come from lambdas/routes.ts, one function per
 * handler, the rate-limit counter table, the table of remembered answers to Idempotency-Key, the
 * SES configuration set inquiries are sent with, and the alarms that tell the owner when it breaks.
 */
export class SiteStack extends Stack {
  /** Each handler's function, by handler name. */
  readonly functions: ReadonlyMap<string, SiteFunction>;
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly counterTable: TableV2;
  readonly idempotencyTable: TableV2;
  readonly mail: SiteMail;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { config } = props;
    // The contact bundle validates with code generated from the schema: bring it up to date before
    // esbuild reads it, so a deployment never checks rules other than those it publishes.
    if (this.bundlingRequired) refreshInquiryValidator();

    this.counterTable = new TableV2(this, 'Counters', {
      partitionKey: { name: COUNTER_PARTITION_KEY, type: AttributeType.STRING },
      timeToLiveAttribute: COUNTER_TTL_ATTRIBUTE,
      billing: Billing.onDemand(),
      // Counters live for an hour at most: nothing is lost with the stack.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.counterTable).acknowledge({
      id: 'AwsSolutions-DDB3',
      reason: 'Rate-limit counters expire within the hour; a point-in-time backup would restore nothing of value.',
    });

    this.idempotencyTable = new TableV2(this, 'IdempotencyRecords', {
      partitionKey: { name: IDEMPOTENCY_PARTITION_KEY, type: AttributeType.STRING },
      timeToLiveAttribute: IDEMPOTENCY_TTL_ATTRIBUTE,
      billing: Billing.onDemand(),
      // Answers to Idempotency-Key are remembered for a day: nothing is lost with the stack.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.idempotencyTable).acknowledge({
      id: 'AwsSolutions-DDB3',
      reason: 'Remembered answers to Idempotency-Key expire within a day; a point-in-time backup would restore nothing of value.',
    });
    this.mail = new SiteMail(this, 'Mail');

    const http = new SiteApi(this, 'Http', { customDomain: config.customDomain });
    this.api = http.api;
    this.stage = http.stage;

    const baseUrl = config.baseUrl ?? (config.customDomain ? `https://${config.customDomain.domainName}` : this.api.apiEndpoint);
    this.functions = new Map(HANDLER_NAMES.map((name) => [name, this.handlerFunction(name, config, baseUrl)]));
    http.routeTo(this.functions);

    if (config.createSesIdentity) {
      new EmailIdentity(this, 'SenderIdentity', { identity: Identity.email(config.senderEmail) });
    }

    new SiteAlarms(this, 'Alarms', {
      ownerEmail: config.ownerEmail,
      functions: this.functions,
      stage: this.stage,
      configurationSetName: this.mail.configurationSet.configurationSetName,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint, description: "The API's own endpoint" });
    new CfnOutput(this, 'BaseUrl', { value: baseUrl, description: '{base}: the origin every published URL starts with' });
    const urls = siteUrls(baseUrl);
    for (const [outputId, document] of Object.entries(WELL_KNOWN_OUTPUTS)) {
      new CfnOutput(this, outputId, { value: urls[document] });
    }
    if (http.domain) {
      new CfnOutput(this, 'CustomDomainTarget', {
        value: http.domain.regionalDomainName,
        description: `Point ${config.customDomain?.domainName} here: a CNAME, or an alias record in zone CustomDomainHostedZoneId`,
      });
      new CfnOutput(this, 'CustomDomainHostedZoneId', { value: http.domain.regionalHostedZoneId });
    }
    for (const [name, fn] of this.functions) {
      new CfnOutput(this, `Logs${pascalCase(name)}`, {
        value: fn.logGroup.logGroupName,
        description: `Log group of the ${name} function`,
      });
    }
  }

  private handlerFunction(name: HandlerName, config: SiteConfig, baseUrl: string): SiteFunction {
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
      COUNTER_KEY_SECRET: UNWIRED_COUNTER_KEY_SECRET,
      IDEMPOTENCY_TABLE: this.idempotencyTable.tableName,
      SES_CONFIGURATION_SET: this.mail.configurationSet.configurationSetName,
    };
    const environment = {
      ...(profile.readsSiteSettings ? site : {}),
      ...(profile.handlesInquiries ? inquiries : {}),
    };
    const fn = new SiteFunction(this, `${pascalCase(name)}Function`, {
      handlerName: name,
      environment,
      memorySize: profile.memorySize,
      timeout: Duration.seconds(profile.timeoutSeconds),
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

function pascalCase(name: string): string {
  return name.replace(/(?:^|[-_])([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
