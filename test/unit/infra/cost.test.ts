import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { atRestCost, deployedTemplates, scheduleIntervalSeconds, totalOf, type Template } from '../../../bench/cost.js';
import { AT_REST_PRICES } from '../../../bench/price-table.js';
import { EXAMPLE_CONTEXT, EXAMPLE_ENV, MINIMAL_CONTEXT } from './site-app.js';
import { siteFolder } from '../../support/site-folder.js';

/*
 * The cost at rest (bench/cost.ts): what `npm run bench -- cost` prints, from the synthesized
 * templates and bench/price-table.ts, and what README's cost section shows.
 */

const defaultDeployment = atRestCost(deployedTemplates(MINIMAL_CONTEXT));

describe('the cost at rest', () => {
  it('of the default deployment is at most 1.00 USD a month: four alarms, one secret holding every key, a free budget, and the delivery worker’s sweep every minute and digest once a day', () => {
    expect(defaultDeployment).toEqual({ alarms: 0.4, secrets: 0.4, web_acl: 0, schedules: expect.closeTo(0.04, 2) });
    expect(totalOf(defaultDeployment)).toBeLessThanOrEqual(1);
  });

  it('counts the web ACL the Free plan includes as 0, and the one of waf at its list price', () => {
    expect(atRestCost(deployedTemplates({ ...MINIMAL_CONTEXT, pricingPlan: 'free' }, EXAMPLE_ENV))).toMatchObject({ web_acl: 0 });
    // 5.00 for the web ACL, 1.00 for each of its four rules.
    expect(atRestCost(deployedTemplates({ ...MINIMAL_CONTEXT, waf: true }, EXAMPLE_ENV))).toMatchObject({ web_acl: 9 });
  });

  it.each([
    ['a site folder', { ...MINIMAL_CONTEXT, siteDir: siteFolder() }, undefined],
    ['an existing site', { ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io' }, undefined],
    ['a custom domain with its zone and an SES identity', EXAMPLE_CONTEXT, undefined],
    ['the Free plan and a site folder', { ...EXAMPLE_CONTEXT, pricingPlan: 'free', siteDir: siteFolder() }, EXAMPLE_ENV],
  ])('prices every resource of the deployment with %s', (_title, context, env) => {
    expect(() => atRestCost(deployedTemplates(context, env))).not.toThrow();
  });

  it('stops on a resource it has no price for, naming its type', () => {
    const template: Template = { Resources: { Cluster: { Type: 'AWS::RDS::DBCluster' } } };
    expect(() => atRestCost([template])).toThrow('No price at rest for AWS::RDS::DBCluster: add it to bench/price-table.ts, with its source');
  });

  it('counts a function a schedule runs: each invocation a request, the function’s memory for 100 ms, its log lines and two reads', () => {
    const template: Template = {
      Resources: {
        Sweep: { Type: 'AWS::Lambda::Function', Properties: { MemorySize: 256 } },
        EveryMinute: {
          Type: 'AWS::Events::Rule',
          Properties: { ScheduleExpression: 'rate(1 minute)', Targets: [{ Arn: { 'Fn::GetAtt': ['Sweep', 'Arn'] } }] },
        },
      },
    };
    // 43,830 invocations: 0.0088 USD of requests, 0.0146 USD of 0.25 GB for 0.1 s each, 0.0071 USD
    // of 350 bytes of log lines each, 0.0110 USD of two read request units each.
    expect(atRestCost([template]).schedules).toBeCloseTo(43_830 * (0.2e-6 + 0.25 * 0.1 * 0.0000133334 + (350 / 1024 ** 3) * 0.5 + 2 * 0.125e-6), 4);
  });

  it('counts a function an EventBridge Scheduler schedule runs (the digest’s) as one a rule runs', () => {
    const worker = { Type: 'AWS::Lambda::Function', Properties: { MemorySize: 256 } };
    const byRule: Template = {
      Resources: { Worker: worker, EveryMinute: { Type: 'AWS::Events::Rule', Properties: { ScheduleExpression: 'rate(1 minute)', Targets: [{ Arn: { 'Fn::GetAtt': ['Worker', 'Arn'] } }] } } },
    };
    const bySchedule: Template = {
      Resources: {
        Worker: worker,
        EveryMinute: {
          Type: 'AWS::Scheduler::Schedule',
          Properties: { ScheduleExpression: 'rate(1 minute)', ScheduleExpressionTimezone: 'America/Toronto', Target: { Arn: { 'Fn::GetAtt': ['Worker', 'Arn'] } } },
        },
      },
    };
    expect(atRestCost([bySchedule]).schedules).toBeGreaterThan(0);
    expect(atRestCost([bySchedule]).schedules).toBe(atRestCost([byRule]).schedules);
  });

  it('reads how often a schedule runs: a rate, or a cron at a fixed time of every day (the digest)', () => {
    expect(scheduleIntervalSeconds('rate(1 minute)')).toBe(60);
    expect(scheduleIntervalSeconds('rate(2 hours)')).toBe(7200);
    expect(scheduleIntervalSeconds('cron(0 8 * * ? *)')).toBe(86_400);
    expect(() => scheduleIntervalSeconds('cron(0 * * * ? *)')).toThrow('only rate(...) and a daily cron(...) are priced');
    expect(() => scheduleIntervalSeconds('cron(0 8 ? * MON *)')).toThrow('only rate(...) and a daily cron(...) are priced');
  });

  it('is what README’s cost section shows, line by line', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const usd = (value: number) => value.toFixed(2);
    expect(readme).toContain(`| CloudWatch alarms | 4 × 0.10 | ${usd(defaultDeployment.alarms)} |`);
    expect(readme).toContain(`| AWS Budgets cost budget | 1, mailing you | ${usd(AT_REST_PRICES['AWS::Budgets::Budget']!.usdPerMonth)} |`);
    expect(readme).toContain(`| Secrets Manager secret | 1 × 0.40 | ${usd(defaultDeployment.secrets)} |`);
    expect(readme).toContain(`| AWS WAF web ACL | none | ${usd(defaultDeployment.web_acl)} |`);
    expect(readme).toContain(`| functions run by a schedule | the delivery worker's sweep, every minute, and its digest, once a day | ${usd(defaultDeployment.schedules)} |`);
    expect(readme).toContain(`| **at rest** (\`cost.at_rest_usd_month\`) | | **${usd(totalOf(defaultDeployment))}** |`);
  });
});
