/**
 * `npm run bench -- cost`: what the deployment costs a month with no visitor at all, at list
 * price (bench/price-table.ts), summed over the resources of the synthesized templates: the
 * default deployment (`cost.*`), the same on CloudFront's Free plan, whose web ACL the plan
 * includes (`cost.free_plan.*`), and with `waf` on pay-as-you-go (`cost.waf.*`).
 */
import { App } from 'aws-cdk-lib';
import { readSiteConfig } from '../lib/settings/site-config.js';
import { addSiteStacks } from '../lib/site-app.js';
import { CDK_JSON_CONTEXT } from '../test/support/cdk-context.js';
import { AT_REST_PRICES, SCHEDULED_INVOCATION, WEB_ACL_RULE } from './price-table.js';
import { round } from './stats.js';

interface TemplateResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
}
export interface Template {
  readonly Resources: Readonly<Record<string, TemplateResource>>;
}

/** The lines of the cost at rest, USD a month each, by name; every other resource is paid per use only. */
export type CostLines = Readonly<Record<'alarms' | 'secrets' | 'web_acl' | 'schedules', number>>;

/** A deployment's cost at rest, line by line, over every template it deploys. */
export function atRestCost(templates: readonly Template[]): CostLines {
  const resources = templates.flatMap((template) => Object.values(template.Resources));
  const unpriced = [...new Set(resources.map((resource) => resource.Type))].filter((type) => AT_REST_PRICES[type] === undefined);
  if (unpriced.length > 0) throw new Error(`No price at rest for ${unpriced.join(', ')}: add it to bench/price-table.ts, with its source`);
  const ofType = (type: string) => resources.filter((resource) => resource.Type === type);
  const price = (type: string) => AT_REST_PRICES[type]!.usdPerMonth;
  // The Free plan includes the distribution's web ACL, rules and requests.
  const onFreePlan = ofType('AWS::PricingPlanManager::Subscription').some((subscription) => subscription.Properties?.PlanTier === 'FREE');
  const webAcls = ofType('AWS::WAFv2::WebACL').map(
    (acl) => price('AWS::WAFv2::WebACL') + ((acl.Properties?.Rules as unknown[] | undefined)?.length ?? 0) * WEB_ACL_RULE.usdPerMonth,
  );
  // To a hundredth of a cent: the sums of prices in cents carry binary fractions.
  const usd = (value: number) => round(value, 4);
  return {
    alarms: usd(sum(ofType('AWS::CloudWatch::Alarm').map((alarm) => alarmMetrics(alarm) * price('AWS::CloudWatch::Alarm')))),
    secrets: usd(ofType('AWS::SecretsManager::Secret').length * price('AWS::SecretsManager::Secret')),
    web_acl: usd(onFreePlan ? 0 : sum(webAcls)),
    schedules: usd(sum(templates.flatMap((template) => scheduledInvocationCosts(template)))),
  };
}

export function totalOf(lines: CostLines): number {
  return round(sum(Object.values(lines)), 2);
}

/** An alarm is billed per metric it watches: each of a math expression's, or its one. */
function alarmMetrics(alarm: TemplateResource): number {
  const metrics = alarm.Properties?.Metrics as Array<{ MetricStat?: unknown }> | undefined;
  return metrics === undefined ? 1 : metrics.filter((metric) => metric.MetricStat !== undefined).length;
}

const SECONDS_A_MONTH = 30.4375 * 24 * 3600;
const RATE_UNIT_SECONDS: Readonly<Record<string, number>> = { minute: 60, minutes: 60, hour: 3600, hours: 3600, day: 86_400, days: 86_400 };

/**
 * Seconds between two runs of a schedule: `rate(n unit)`, or a `cron(...)` at a fixed minute and
 * hour of every day; anything else is refused rather than priced wrong.
 */
export function scheduleIntervalSeconds(expression: string): number {
  const [, count, unit] = /^rate\((\d+) (\w+)\)$/.exec(expression) ?? [];
  const unitSeconds = unit === undefined ? undefined : RATE_UNIT_SECONDS[unit];
  if (unitSeconds !== undefined) return Number(count) * unitSeconds;
  if (/^cron\(\d+ \d+ \* \* \? \*\)$/.test(expression)) return 86_400;
  throw new Error(`No cost at rest for the schedule ${expression}: only rate(...) and a daily cron(...) are priced`);
}

/** Each schedule's expression and the functions (their ARNs) it runs: EventBridge rules' and Scheduler's. */
function schedules(template: Template): Array<{ expression: string; targets: Array<{ Arn: unknown }> }> {
  return Object.values(template.Resources).flatMap((resource) => {
    const properties = resource.Properties ?? {};
    if (typeof properties.ScheduleExpression !== 'string') return [];
    const targets = resource.Type === 'AWS::Scheduler::Schedule' ? [properties.Target] : (properties.Targets ?? []);
    return [{ expression: properties.ScheduleExpression, targets: targets as Array<{ Arn: unknown }> }];
  });
}

/** What each function a schedule runs costs a month, the schedule alone running it. */
function scheduledInvocationCosts(template: Template): number[] {
  return schedules(template).flatMap(({ expression, targets }) => {
    const invocations = SECONDS_A_MONTH / scheduleIntervalSeconds(expression);
    return targets.map((target) => {
      const memoryMb = Number(targetFunction(template, target.Arn)?.Properties?.MemorySize ?? 128);
      const { requestUsd, assumedSeconds, usdPerGbSecond, logBytes, logIngestionUsdPerGb, readRequestUnits, usdPerReadRequestUnit } = SCHEDULED_INVOCATION;
      const perInvocation =
        requestUsd +
        (memoryMb / 1024) * assumedSeconds * usdPerGbSecond +
        (logBytes / 1024 ** 3) * logIngestionUsdPerGb +
        readRequestUnits * usdPerReadRequestUnit;
      return invocations * perInvocation;
    });
  });
}

function targetFunction(template: Template, arn: unknown): TemplateResource | undefined {
  const [logicalId] = (arn as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'] ?? [];
  return logicalId === undefined ? undefined : template.Resources[logicalId];
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Every template a deployment with this context deploys, synthesized without bundling or aws-cdk-lib's check of the templates: both cost seconds and change no figure. */
export function deployedTemplates(context: Readonly<Record<string, unknown>>, env: { account?: string; region?: string } = {}): Template[] {
  const app = new App({ context: { ...CDK_JSON_CONTEXT, 'aws:cdk:bundling-stacks': [], ...context }, builtinCloudFormationValidation: false });
  addSiteStacks(app, readSiteConfig(app), env);
  return app.synth().stacks.map((stack) => stack.template as Template);
}

const REQUIRED = { ownerEmail: 'you@example.com', senderEmail: 'contact@example.com' } as const;

export async function benchCost(): Promise<Record<string, number>> {
  const target = { account: '123456789012', region: 'eu-west-1' };
  const variants = {
    '': deployedTemplates(REQUIRED),
    'free_plan.': deployedTemplates({ ...REQUIRED, pricingPlan: 'free' }, target),
    'waf.': deployedTemplates({ ...REQUIRED, waf: true }, target),
  };
  const figures: Record<string, number> = {};
  for (const [prefix, templates] of Object.entries(variants)) {
    const lines = atRestCost(templates);
    figures[`cost.${prefix}at_rest_usd_month`] = totalOf(lines);
    for (const [line, usd] of Object.entries(lines)) figures[`cost.${prefix}${line}_usd_month`] = round(usd, 2);
  }
  return figures;
}
