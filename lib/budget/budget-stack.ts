import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import type { Construct } from 'constructs';

export interface BudgetStackProps extends StackProps {
  /** Mailed by AWS Budgets itself: no subscription to confirm. */
  readonly ownerEmail: string;
  readonly monthlyBudgetUsd: number;
}

/** When the month's cost passes the budget: as it happens, and as soon as AWS forecasts that it will. */
export const BUDGET_NOTIFICATIONS = ['ACTUAL', 'FORECASTED'] as const;

/**
 * The spending alarm (docs/api.md §12): an AWS Budgets cost budget for the month that mails the
 * owner when the account's actual or forecast cost passes `monthlyBudgetUsd`. A budget is the
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
      notificationsWithSubscribers: BUDGET_NOTIFICATIONS.map((notificationType) => ({
        notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold: 100, thresholdType: 'PERCENTAGE' },
        subscribers: [{ subscriptionType: 'EMAIL', address: props.ownerEmail }],
      })),
    });
  }
}
