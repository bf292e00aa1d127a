/**
 * What each resource type of the templates costs with no visitor at all: list prices in
 * us-east-1, read from AWS's pricing pages (each entry names its page). A resource type the
 * templates hold and this table does not stops `npm run bench -- cost`: its price must be looked up.
 */
export interface AtRestPrice {
  /** USD a month for each resource of the type, whatever the traffic; 0 when it is paid per use only. */
  readonly usdPerMonth: number;
  /** What it is paid for: per use, or what the monthly price is for. */
  readonly basis: string;
  readonly source: string;
}

import { KEPT_VERSION_DAYS } from '../lib/pages/kept-versions.js';

const CLOUDWATCH = 'https://aws.amazon.com/cloudwatch/pricing/';
const LAMBDA = 'https://aws.amazon.com/lambda/pricing/';
const PER_USE_ONLY = 0;

export const AT_REST_PRICES: Readonly<Record<string, AtRestPrice>> = {
  'AWS::CloudWatch::Alarm': { usdPerMonth: 0.1, basis: 'per standard-resolution alarm metric', source: CLOUDWATCH },
  'AWS::SecretsManager::Secret': {
    usdPerMonth: 0.4,
    basis: 'per secret; 0.05 USD per 10,000 API calls (deploys only)',
    source: 'https://aws.amazon.com/secrets-manager/pricing/',
  },
  // 1.00 USD a month per rule besides (WEB_ACL_RULE), and 0.60 USD per million requests.
  'AWS::WAFv2::WebACL': { usdPerMonth: 5, basis: 'per web ACL, plus 1.00 per rule', source: 'https://aws.amazon.com/waf/pricing/' },
  'AWS::PricingPlanManager::Subscription': {
    usdPerMonth: 0,
    basis: 'the Free plan: the distribution, its web ACL and DDoS protection, within 1M requests and 100 GB a month, no overage',
    source: 'https://aws.amazon.com/cloudfront/pricing/',
  },
  'AWS::Logs::MetricFilter': {
    usdPerMonth: PER_USE_ONLY,
    basis: 'filters are free; the metric they write is 0.30 USD a month prorated by the hour, and only for hours a line matched',
    source: CLOUDWATCH,
  },
  'AWS::Logs::LogGroup': { usdPerMonth: PER_USE_ONLY, basis: '0.50 USD per GB ingested, 0.03 USD per GB-month stored', source: CLOUDWATCH },
  'AWS::Lambda::Function': { usdPerMonth: PER_USE_ONLY, basis: 'per request and GB-second', source: LAMBDA },
  'AWS::Lambda::LayerVersion': { usdPerMonth: PER_USE_ONLY, basis: 'part of the deploy-time upload function', source: LAMBDA },
  'AWS::Lambda::Permission': { usdPerMonth: PER_USE_ONLY, basis: 'free', source: LAMBDA },
  'AWS::ApiGatewayV2::Api': { usdPerMonth: PER_USE_ONLY, basis: 'HTTP API: per million requests', source: 'https://aws.amazon.com/api-gateway/pricing/' },
  'AWS::ApiGatewayV2::Stage': { usdPerMonth: PER_USE_ONLY, basis: 'free', source: 'https://aws.amazon.com/api-gateway/pricing/' },
  'AWS::ApiGatewayV2::Route': { usdPerMonth: PER_USE_ONLY, basis: 'free', source: 'https://aws.amazon.com/api-gateway/pricing/' },
  'AWS::ApiGatewayV2::Integration': { usdPerMonth: PER_USE_ONLY, basis: 'free', source: 'https://aws.amazon.com/api-gateway/pricing/' },
  'AWS::DynamoDB::GlobalTable': {
    usdPerMonth: PER_USE_ONLY,
    basis: 'on demand: per request; storage 0.25 USD per GB-month, of counters that expire within the hour and inquiries kept retentionDays',
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
  },
  'AWS::Lambda::EventSourceMapping': {
    usdPerMonth: PER_USE_ONLY,
    basis: "the worker's reads of the inbox stream: GetRecords calls Lambda makes for a DynamoDB trigger are free; it runs on writes only",
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
  },
  'AWS::CloudFront::Distribution': { usdPerMonth: PER_USE_ONLY, basis: 'pay-as-you-go: per request and GB', source: 'https://aws.amazon.com/cloudfront/pricing/' },
  'AWS::CloudFront::Function': { usdPerMonth: PER_USE_ONLY, basis: '0.10 USD per million invocations', source: 'https://aws.amazon.com/cloudfront/pricing/' },
  'AWS::CloudFront::OriginAccessControl': { usdPerMonth: PER_USE_ONLY, basis: 'free', source: 'https://aws.amazon.com/cloudfront/pricing/' },
  'AWS::S3::Bucket': {
    usdPerMonth: PER_USE_ONLY,
    basis: `the pages, and for ${KEPT_VERSION_DAYS} days what a publish or deploy replaced or deleted: 0.023 USD per GB-month, and per request`,
    source: 'https://aws.amazon.com/s3/pricing/',
  },
  'AWS::S3::BucketPolicy': { usdPerMonth: PER_USE_ONLY, basis: 'free', source: 'https://aws.amazon.com/s3/pricing/' },
  'Custom::CDKBucketDeployment': { usdPerMonth: PER_USE_ONLY, basis: 'runs at deploy only', source: LAMBDA },
  'Custom::S3AutoDeleteObjects': { usdPerMonth: PER_USE_ONLY, basis: "empties the pages' bucket at the stack's deletion only", source: LAMBDA },
  'Custom::DeploymentKeys': {
    usdPerMonth: PER_USE_ONLY,
    basis: "the keeper of the deployment's keys runs at deploy only; its Secrets Manager calls are 0.05 USD per 10,000",
    source: LAMBDA,
  },
  'Custom::SenderIdentity': {
    usdPerMonth: PER_USE_ONLY,
    basis: "the keeper of the sender's SES identity runs at deploy only; an identity costs nothing",
    source: LAMBDA,
  },
  'AWS::Budgets::Budget': {
    usdPerMonth: PER_USE_ONLY,
    basis: 'a budget whose alerts are e-mails or SNS is free; only budgets with actions cost, past the first two',
    source: 'https://aws.amazon.com/aws-cost-management/aws-budgets/pricing/',
  },
  'AWS::SNS::Topic': { usdPerMonth: PER_USE_ONLY, basis: 'per notification; the first 1,000 e-mails a month free', source: 'https://aws.amazon.com/sns/pricing/' },
  'AWS::SNS::Subscription': { usdPerMonth: PER_USE_ONLY, basis: 'free', source: 'https://aws.amazon.com/sns/pricing/' },
  'AWS::SNS::TopicPolicy': { usdPerMonth: PER_USE_ONLY, basis: 'free', source: 'https://aws.amazon.com/sns/pricing/' },
  'AWS::SES::ConfigurationSet': { usdPerMonth: PER_USE_ONLY, basis: 'per message sent', source: 'https://aws.amazon.com/ses/pricing/' },
  'AWS::SES::ConfigurationSetEventDestination': { usdPerMonth: PER_USE_ONLY, basis: 'free', source: 'https://aws.amazon.com/ses/pricing/' },
  'AWS::SES::EmailIdentity': { usdPerMonth: PER_USE_ONLY, basis: 'free', source: 'https://aws.amazon.com/ses/pricing/' },
  // A rule on a schedule costs nothing itself, but runs its target at rest (SCHEDULED_INVOCATION).
  'AWS::Events::Rule': { usdPerMonth: PER_USE_ONLY, basis: "AWS services' events are free", source: 'https://aws.amazon.com/eventbridge/pricing/' },
  // A schedule's run costs nothing within 14 million a month (the digest: some 30), and runs its target (SCHEDULED_INVOCATION).
  'AWS::Scheduler::Schedule': {
    usdPerMonth: PER_USE_ONLY,
    basis: 'per invocation, the first 14 million a month free',
    source: 'https://aws.amazon.com/eventbridge/pricing/',
  },
  'AWS::Route53::RecordSet': { usdPerMonth: PER_USE_ONLY, basis: "records in the owner's zone; alias queries to CloudFront are free", source: 'https://aws.amazon.com/route53/pricing/' },
  'AWS::IAM::Role': { usdPerMonth: PER_USE_ONLY, basis: 'free', source: 'https://aws.amazon.com/iam/' },
  'AWS::IAM::Policy': { usdPerMonth: PER_USE_ONLY, basis: 'free', source: 'https://aws.amazon.com/iam/' },
  'AWS::CDK::Metadata': { usdPerMonth: PER_USE_ONLY, basis: 'not a resource', source: 'https://docs.aws.amazon.com/cdk/v2/guide/' },
};

/** Each rule of a web ACL, a managed rule group included. */
export const WEB_ACL_RULE: AtRestPrice = { usdPerMonth: 1, basis: 'per rule of a web ACL', source: 'https://aws.amazon.com/waf/pricing/' };

/**
 * One invocation of a function a schedule runs, at rest: a Lambda request, and the function's
 * memory for an assumed 100 ms on arm64 (0.0000133334 USD per GB-second).
 */
export const SCHEDULED_INVOCATION = {
  requestUsd: 0.2 / 1_000_000,
  usdPerGbSecond: 0.0000133334,
  assumedSeconds: 0.1,
  /** The platform's START, END and REPORT lines of one invocation, into the function's log group. */
  logBytes: 350,
  logIngestionUsdPerGb: 0.5,
  /** The sweep's two queries of empty queues (lambdas/delivery/deliver-inquiry.ts): a read request unit each at most. */
  readRequestUnits: 2,
  usdPerReadRequestUnit: 0.125 / 1_000_000,
  source: LAMBDA,
} as const;
