import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, Token, Validations, type StackProps } from 'aws-cdk-lib';
import type { HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { extraFieldsValue, NO_SITE_DOCUMENTS, otherFormPagesValue, siteDocumentsValue } from '../lambdas/config.js';
import { COUNTER_PARTITION_KEY, COUNTER_TTL_ATTRIBUTE } from '../lambdas/counters/counter-store.js';
import { emailDomain } from '../lambdas/email-domain.js';
import { FUNCTION_NAMES, WORKER_HANDLER, type FunctionName } from '../lambdas/routes.js';
import { siteUrls } from '../lambdas/site-urls.js';
import { checkEnvironmentSize } from './api/environment-size.js';
import { functionProfile, settingKeys, type SettingGroup, type SettingKey } from './api/function-profiles.js';
import { SiteApi } from './api/site-api.js';
import { SiteFunction } from './api/site-function.js';
import { FrontDoor } from './edge/front-door.js';
import { InquiryInbox, SWEEP_RATE } from './inbox/inquiry-inbox.js';
import { DeploymentKeys } from './keys/deployment-keys.js';
import { addSenderIdentity } from './mail/sender-identity.js';
import { SiteMail } from './mail/site-mail.js';
import { SiteAlarms } from './observability/observability.js';
import { BUNDLED_LLMS_TXT } from './pages/site-files.js';
import { answeringContactPages, otherFormPages } from './settings/contact-pages.js';
import { BUNDLED_FORM_PAGE } from './settings/form-page.js';
import { formPageDigest, ownLlmsTxtDigest, settingsDigest } from './settings/settings-digest.js';
import type { SiteConfig } from './settings/site-config.js';
import { formPageLoadsOutput, logGroupOutput, MAX_FORM_PAGE_LOADS_BYTES, pascalCase, SITE_OUTPUTS, siteDocumentsOutput } from './site-outputs.js';

export interface SiteStackProps extends StackProps {
  readonly config: SiteConfig;
  /** The front door's web ACL (EdgeGuardStack), when the `waf` context asks for one. */
  readonly webAclArn?: string;
}

/** The owner's files a function's bundle holds, by the setting group that names them: each file's name in the bundle, to the file synth copies. */
type BundledFiles = Partial<Record<SettingGroup, Readonly<Record<string, string>>>>;

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
 * the rate-limit counter table, the inbox (the table of accepted inquiries, which also remembers
 * answers to Idempotency-Key) and the delivery worker it feeds, the SES configuration set
 * inquiries are sent with, and the alarms that tell the owner when it breaks.
 */
export class SiteStack extends Stack {
  /** Each function, by handler name: the route table's handlers and the delivery worker. */
  readonly functions: ReadonlyMap<FunctionName, SiteFunction>;
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly counterTable: TableV2;
  readonly inbox: InquiryInbox;
  readonly mail: SiteMail;
  readonly frontDoor: FrontDoor;
  /** The deployment's keys (docs/api.md §10): the front door's header, the counters' key and the form tokens' key, apart. */
  readonly keys: DeploymentKeys;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.counterTable = expiringTable(this, 'Counters', {
      partitionKey: COUNTER_PARTITION_KEY,
      ttlAttribute: COUNTER_TTL_ATTRIBUTE,
      lifetime: 'Rate-limit counters expire within the hour',
    });
    this.inbox = new InquiryInbox(this, 'Inbox');
    this.mail = new SiteMail(this, 'Mail');

    const http = new SiteApi(this, 'Http', { hostRotation: config.apiHostRotation });
    this.api = http.api;
    this.stage = http.stage;

    this.keys = new DeploymentKeys(this, 'Deployment', { rotations: config.keyRotations });
    this.frontDoor = new FrontDoor(this, 'FrontDoor', {
      api: this.api,
      originSecret: this.keys.reference('originVerify'),
      ...(config.customDomain === undefined ? {} : { customDomain: config.customDomain }),
      ...(config.sitePages === undefined ? {} : { sitePages: config.sitePages }),
      ...(props.webAclArn === undefined ? {} : { webAclArn: props.webAclArn }),
      ...(config.baseUrl === undefined ? {} : { baseUrl: config.baseUrl }),
      agents: config.agents,
      ...(config.formPage === undefined ? {} : { formPage: config.formPage.path }),
    });

    const baseUrl = config.baseUrl ?? this.frontDoor.origin;
    const siteDocuments = this.frontDoor.pages?.documents ?? NO_SITE_DOCUMENTS;
    const ownLlmsTxt = this.frontDoor.pages?.ownLlmsTxtFile;
    const { answering } = answeringContactPages(config.formPage, config.otherContactPages);
    const pages = config.sitePages;
    const fetchedFormPage = pages?.kind === 'origin' && pages.formPage !== undefined ? { path: pages.formPage, origin: `https://${pages.host}` } : undefined;
    const settings: Readonly<Record<SettingKey, string>> = {
      ORIGIN_VERIFY_DIGESTS: this.keys.reference('originVerifyDigests'),
      BASE_URL: baseUrl,
      SITE_NAME: config.siteName,
      ALLOWED_ORIGINS: (config.allowedOrigins ?? [baseUrl]).join(','),
      RATE_LIMIT_IP: String(config.rateLimits.ip),
      RATE_LIMIT_EMAIL: String(config.rateLimits.email),
      EXTRA_FIELDS: extraFieldsValue(config.extraFields),
      // Empty when unset: every function is given each setting it reads (lambdas/config.ts reads empty as none).
      PAGE_STYLESHEET: config.pageStylesheet ?? '',
      FORM_SUCCESS_PATH: config.formSuccessPath?.path ?? '',
      FORM_PAGE: config.formPage?.path ?? fetchedFormPage?.path ?? '',
      // The page as synth found it in siteDir, copied into the bundle of each function that reads it.
      FORM_PAGE_FILE: config.formPage === undefined ? '' : BUNDLED_FORM_PAGE,
      // Or the existing site's, fetched from it.
      FORM_PAGE_ORIGIN: fetchedFormPage?.origin ?? '',
      // And so the other contact pages that answer the posts sent from them.
      OTHER_FORM_PAGES: otherFormPagesValue(otherFormPages(answering, (page) => page.bundled)),
      COUNTER_TABLE: this.counterTable.tableName,
      COUNTER_KEY_SECRET: this.keys.reference('counterKey'),
      FORM_TOKEN_SECRET: this.keys.reference('formTokenKey'),
      INQUIRY_TABLE: this.inbox.table.tableName,
      CONTACT_TO: config.ownerEmail,
      CONTACT_FROM: config.senderEmail,
      SES_CONFIGURATION_SET: this.mail.configurationSet.configurationSetName,
      MAIL_TIME_ZONE: config.timeZone,
      MAIL_LANGUAGE: config.mailLanguage,
      MAIL_SUBJECT: config.mailSubject ?? '',
      DELIVERY_RETRY_SECONDS: String(SWEEP_RATE.toSeconds()),
      RETENTION_DAYS: String(config.retentionDays),
      MAX_MAILS_PER_HOUR: String(config.spam.maxMailsPerHour),
      SPAM_REPEAT_LIMIT: String(config.spam.repeatLimit),
      SPAM_LINK_LIMIT: String(config.spam.linkLimit),
      FORM_MIN_SECONDS: String(config.spam.formMinSeconds),
      AGENT_SKILLS: String(config.agents.agentSkills),
      SITE_DOCUMENTS: siteDocumentsValue(siteDocuments),
      // The owner's llms.txt as synth found it in siteDir, copied into the discovery function's bundle.
      OWN_LLMS_TXT_FILE: ownLlmsTxt === undefined ? '' : BUNDLED_LLMS_TXT,
    };
    const bundledFiles: BundledFiles = {
      formPageSource:
        config.formPage === undefined ? {} : { [BUNDLED_FORM_PAGE]: config.formPage.file, ...Object.fromEntries(answering.map((page) => [page.bundled, page.file])) },
      ownLlmsTxtFile: ownLlmsTxt === undefined ? {} : { [BUNDLED_LLMS_TXT]: ownLlmsTxt },
    };
    this.functions = new Map(FUNCTION_NAMES.map((name) => [name, this.siteFunction(name, settings, bundledFiles)]));
    http.routeTo(this.functions);
    // The distribution points at the API once it answers: a new API (apiHostRotation) is reached
    // through its stage and routes, which CloudFormation would make in parallel with the distribution's
    // update ("DependsOn attribute"). Not when {base} is the distribution's own domain: the functions
    // are then given it, and the routes name the functions (a cycle); site-config refuses
    // apiHostRotation there.
    if (!Token.isUnresolved(baseUrl)) this.frontDoor.distribution.node.addDependency(http.serving);
    const contact = this.functions.get('contact')!;
    this.counterTable.grant(contact, 'dynamodb:UpdateItem');
    this.inbox.grantAccept(contact);
    // The MCP server takes inquiries through the same intake: the same counters, the same inbox.
    const mcp = this.functions.get('mcp')!;
    this.counterTable.grant(mcp, 'dynamodb:UpdateItem');
    this.inbox.grantStore(mcp);
    const worker = this.functions.get(WORKER_HANDLER)!;
    this.inbox.feed(worker, config.timeZone);
    // The flood signal counts the hour's mails beside the rate limits' counters (docs/api.md §15).
    this.counterTable.grant(worker, 'dynamodb:UpdateItem');
    this.grantSending(worker, config);

    addSenderIdentity(this, config.senderEmail, config.senderIdentity);

    new SiteAlarms(this, 'Alarms', {
      ownerEmail: config.ownerEmail,
      functionLogs: new Map([...this.functions].map(([name, fn]) => [name, fn.logGroup])),
      accessLogs: http.accessLogs,
      configurationSetName: this.mail.configurationSet.configurationSetName,
    });

    new CfnOutput(this, SITE_OUTPUTS.distributionDomainName, {
      value: this.frontDoor.distribution.distributionDomainName,
      description: config.customDomain
        ? `Point ${config.customDomain.domainName} here (an alias, or a CNAME for a subdomain) unless the stack made the records`
        : 'The front door: the site and the service',
    });
    new CfnOutput(this, SITE_OUTPUTS.apiUrl, {
      value: this.api.apiEndpoint,
      description: "The API's own endpoint: it answers 403 to anything that does not come through the front door",
    });
    new CfnOutput(this, SITE_OUTPUTS.baseUrl, { value: baseUrl, description: "The site's origin, which every published URL starts with" });
    const otherName = config.customDomain?.redirectDomainName;
    if (otherName !== undefined) {
      new CfnOutput(this, SITE_OUTPUTS.otherNameUrl, { value: `https://${otherName}`, description: 'The domain\'s other name, which redirects to BaseUrl (npm run verify checks it)' });
    }
    new CfnOutput(this, SITE_OUTPUTS.distributionId, {
      value: this.frontDoor.distribution.distributionId,
      description: 'The front door, whose edge cache npm run publish invalidates',
    });
    const siteBucket = this.frontDoor.pages?.bucket;
    if (siteBucket !== undefined) {
      new CfnOutput(this, SITE_OUTPUTS.siteBucket, { value: siteBucket.bucketName, description: "siteDir's files, which npm run publish updates" });
    }
    new CfnOutput(this, SITE_OUTPUTS.settingsDigest, {
      value: settingsDigest(config),
      description: 'The settings this deployment was built from, which npm run publish compares with yours',
    });
    new CfnOutput(this, SITE_OUTPUTS.formPageDigest, {
      value: formPageDigest(config.formPage, answering),
      description: "The form page and other contact pages the contact function's bundle holds (SHA-256), which npm run publish compares with siteDir's",
    });
    const loads = formPageLoadsOutput(config.formPage === undefined ? [] : [config.formPage, ...config.otherContactPages.filter(({ path }) => answering.some((page) => page.path === path))]);
    new CfnOutput(this, SITE_OUTPUTS.formPageLoads, {
      value: loads.value,
      description: 'The files of siteDir the contact pages of the contact function load, which npm run publish keeps until the next deploy',
    });
    if (loads.left > 0) {
      Annotations.of(this).addInfo(
        `siteDir: your contact pages load more files than the FormPageLoads output holds (${MAX_FORM_PAGE_LOADS_BYTES} bytes): npm run publish keeps the first of them till the next deploy, not the ${loads.left} others`,
      );
    }
    new CfnOutput(this, SITE_OUTPUTS.ownLlmsTxtDigest, {
      value: ownLlmsTxtDigest(ownLlmsTxt),
      description: "The owner's llms.txt the discovery function's bundle holds (SHA-256), which npm run publish compares with siteDir's",
    });
    new CfnOutput(this, SITE_OUTPUTS.siteDocuments, {
      value: siteDocumentsOutput(siteDocuments),
      description: "What the site's pages published at this deploy, which llms.txt links, and npm run publish compares with siteDir's",
    });
    new CfnOutput(this, SITE_OUTPUTS.inquiryTable, {
      value: this.inbox.table.tableName,
      description: 'The inbox: every accepted inquiry until it is delivered (npm run inbox reads it)',
    });
    new CfnOutput(this, 'SecretArn', {
      value: this.keys.secret.secretArn,
      description: "The deployment's keys, each replaced by a context label of its own (README, The secret and the API's own endpoint)",
    });
    const urls = siteUrls(baseUrl);
    for (const [outputId, document] of Object.entries(WELL_KNOWN_OUTPUTS)) {
      new CfnOutput(this, outputId, { value: urls[document] });
    }
    for (const [name, fn] of this.functions) {
      new CfnOutput(this, logGroupOutput(name), {
        value: fn.logGroup.logGroupName,
        description: `Log group of the ${name} function`,
      });
    }
  }

  /** One function, given exactly the settings its profile names, and in its bundle the owner's files those settings name. */
  private siteFunction(name: FunctionName, settings: Readonly<Record<SettingKey, string>>, bundledFiles: BundledFiles): SiteFunction {
    const profile = functionProfile(name);
    const environment = Object.fromEntries(settingKeys(profile).map((key) => [key, settings[key]]));
    checkEnvironmentSize(name, environment);
    return new SiteFunction(this, `${pascalCase(name)}Function`, {
      handlerName: name,
      environment,
      memorySize: profile.memorySize,
      timeout: Duration.seconds(profile.timeoutSeconds),
      lazyModules: profile.lazyModules,
      bundledFiles: Object.assign({}, ...profile.settings.map((group) => bundledFiles[group] ?? {})),
    });
  }

  /** Sends mail from the sender identity only, to the owner only, with the stack's configuration set. */
  private grantSending(fn: SiteFunction, config: SiteConfig): void {
    // SES authorizes a send against the sender's address identity or its domain identity, whichever
    // is verified; in the sandbox it also checks the recipient's. The conditions pin the From, and
    // every recipient (To, Cc and Bcc) to the owner: a flaw in composing the mail cannot reach anyone else.
    const identities = new Set(
      [config.senderEmail, config.ownerEmail].flatMap((address) => [address, emailDomain(address)]),
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
