import { describe, expect, it } from '@jest/globals';
import { Template } from 'aws-cdk-lib/assertions';
import { EXAMPLE_CONTEXT, EXAMPLE_ENV, MINIMAL_CONTEXT, resourcesOfType, synthesizeSite } from '../site-app.js';

/* The spending alarm (docs/api.md §12): an AWS Budgets cost budget that mails the owner. */

const budgetOf = (context: Readonly<Record<string, unknown>>, env?: { account: string; region: string }) => {
  const { budget } = synthesizeSite(context, env === undefined ? {} : { env });
  const budgets = Object.values(resourcesOfType(Template.fromStack(budget), 'AWS::Budgets::Budget'));
  expect(budgets).toHaveLength(1);
  return { stack: budget, properties: budgets[0]!.Properties };
};

describe('the monthly cost budget', () => {
  it('mails the owner when the month’s actual cost passes half of 5 USD by default, then all of it, or AWS’s forecast passes all of it', () => {
    const { properties } = budgetOf(MINIMAL_CONTEXT);
    expect(properties).toEqual({
      Budget: { BudgetName: 'PersonalSiteBudget-MonthlyCost', BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 5, Unit: 'USD' } },
      NotificationsWithSubscribers: [
        ['ACTUAL', 50],
        ['ACTUAL', 100],
        ['FORECASTED', 100],
      ].map(([type, threshold]) => ({
        Notification: { NotificationType: type, ComparisonOperator: 'GREATER_THAN', Threshold: threshold, ThresholdType: 'PERCENTAGE' },
        Subscribers: [{ SubscriptionType: 'EMAIL', Address: 'you@example.com' }],
      })),
    });
  });

  it.each([
    ['the default deployment', MINIMAL_CONTEXT, undefined],
    ['waf', { ...EXAMPLE_CONTEXT, waf: true }, EXAMPLE_ENV],
    ['the Free plan', { ...EXAMPLE_CONTEXT, pricingPlan: 'free' }, EXAMPLE_ENV],
  ])('speaks from the first month with %s: an actual-cost notification below the amount, which needs no forecast', (_title, context, env) => {
    const notifications = budgetOf(context, env).properties.NotificationsWithSubscribers as Array<{ Notification: { NotificationType: string; Threshold: number } }>;
    expect(notifications.map(({ Notification }) => Notification)).toContainEqual(expect.objectContaining({ NotificationType: 'ACTUAL', Threshold: 50 }));
    // AWS Budgets takes five notifications at most per budget.
    expect(notifications.length).toBeLessThanOrEqual(5);
  });

  it('takes its amount from monthlyBudgetUsd', () => {
    expect(budgetOf({ ...MINIMAL_CONTEXT, monthlyBudgetUsd: '12.50' }).properties.Budget).toMatchObject({ BudgetLimit: { Amount: 12.5, Unit: 'USD' } });
  });

  it.each([
    ['the default deployment', MINIMAL_CONTEXT, undefined],
    ['waf', { ...EXAMPLE_CONTEXT, waf: true }, EXAMPLE_ENV],
    ['the Free plan', { ...EXAMPLE_CONTEXT, pricingPlan: 'free' }, EXAMPLE_ENV],
  ])('is in a stack of its own in us-east-1, where CloudFormation always offers it, with %s', (_title, context, env) => {
    const { stack } = budgetOf(context, env);
    expect(stack.stackName).toBe('PersonalSiteBudget');
    expect(stack.region).toBe('us-east-1');
    expect(stack.dependencies).toEqual([]);
  });

  it('costs nothing at rest: its alerts are e-mails, with no action and no SNS topic', () => {
    const template = Template.fromStack(synthesizeSite(MINIMAL_CONTEXT).budget).toJSON() as { Resources: Record<string, { Type: string }> };
    expect(Object.values(template.Resources).map((resource) => resource.Type)).toEqual(['AWS::Budgets::Budget']);
  });
});
