import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import type { Construct } from 'constructs';

export interface BudgetStackProps extends StackProps {
  /** Mailed by AWS Budgets itself: no subscription to confirm. */
  readonly ownerEmail: string;
  readonly monthlyBudgetUsd: number;
}

/**
 * When the owner is mailed, each at most once a month: the actual cost past half the amount and
 * past all of it, and AWS's forecast past the amount. A forecast needs about five weeks of the
 * account's usage ("Best practices for AWS Budgets"), so the first month speaks through the
 * actual cost alone, and half the amount warns before the amount is gone.
 */
export const BUDGET_NOTIFICATIONS = [
  { notificationType: 'ACTUAL', threshold: 50 },
  { notificationType: 'ACTUAL', threshold: 100 },
  { notificationType: 'FORECASTED', threshold: 100 },
] as const;

/**
 * The spending alarm (docs/api.md §12): an AWS Budgets cost budget for the month that mails the
 * owner when the account's actual cost passes half of `monthlyBudgetUsd`, and when its actual or
 * forecast cost passes all of it. A budget is the
 * account's, whatever region made it, and CloudFormation offers AWS::Budgets::Budget in some
 * regions only: this stack is in us-east-1, where it always is and where Budgets answers. A
 * budget whose notifications are e-mails costs nothing.
 */
export class BudgetStack extends Stack {
  readonly budget: CfnBudget;

  constructor(scope: Construct, id: string, props: BudgetStackProps) {
    super(scope, id, props);
    this.budget = new CfnBudget(this, 'MonthlyCost', {
      budget: {
        budgetName: `${this.stackName}-MonthlyCost`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyBudgetUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: BUDGET_NOTIFICATIONS.map(({ notificationType, threshold }) => ({
        notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
        subscribers: [{ subscriptionType: 'EMAIL', address: props.ownerEmail }],
      })),
    });
  }
}
