import { App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { BudgetStack } from '../../../lib/budget/budget-stack.js';
import type { EdgeGuardStack } from '../../../lib/edge/edge-guard-stack.js';
import type { PricingPlanStack } from '../../../lib/edge/pricing-plan-stack.js';
import { readSiteConfig } from '../../../lib/settings/site-config.js';
import { addSiteStacks } from '../../../lib/site-app.js';
import type { SiteStack } from '../../../lib/site-stack.js';
import { CDK_JSON_CONTEXT } from '../../support/cdk-context.js';

export const EXAMPLE_CERTIFICATE_ARN = 'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0';
export const EXAMPLE_HOSTED_ZONE_ID = 'Z0123456789ABCDEFGHIJ';

/** The README's example context: one domain for the site and the service, its DNS records made. */
export const EXAMPLE_CONTEXT: Readonly<Record<string, unknown>> = {
  ownerEmail: 'you@example.com',
  senderEmail: 'contact@example.com',
  siteName: 'Ada Lovelace',
  allowedOrigins: 'https://example.com,https://www.example.com',
  rateLimitIp: 5,
  rateLimitEmail: 3,
  domainName: 'example.com',
  certificateArn: EXAMPLE_CERTIFICATE_ARN,
  hostedZoneId: EXAMPLE_HOSTED_ZONE_ID,
  hostedZoneName: 'example.com',
};

/** Where a deployment with `waf` goes: the edge guard needs both known. */
export const EXAMPLE_ENV = { account: '123456789012', region: 'eu-west-1' } as const;

/** Only what a deployment requires. */
export const MINIMAL_CONTEXT: Readonly<Record<string, unknown>> = {
  ownerEmail: 'you@example.com',
  senderEmail: 'contact@example.com',
};

export interface SiteApp {
  readonly app: App;
  readonly stack: SiteStack;
  readonly template: Template;
  /** The spending alarm's stack, in us-east-1. */
  readonly budget: BudgetStack;
  /** Only with the `waf` context or the Free plan. */
  readonly edgeGuard?: EdgeGuardStack;
  /** Only with `pricingPlan` `free`. */
  readonly pricingPlan?: PricingPlanStack;
  /** The logical id of a construct's CloudFormation resource. */
  logicalId(construct: { node: { defaultChild?: unknown } }): string;
}

/**
 * The app of bin/app.ts over the given context. Bundling is skipped unless asked for: esbuild
 * takes seconds per handler, and most tests read only the template. So is aws-cdk-lib's check of
 * the templates against CloudFormation's rules, which bin/app.ts runs on every synth: a WASM
 * validator, four to eight seconds a synth; cdk-nag.test.ts runs it on every variant it checks.
 */
export function synthesizeSite(
  context: Readonly<Record<string, unknown>> = EXAMPLE_CONTEXT,
  options: { bundle?: boolean; validate?: boolean; env?: { account?: string; region?: string }; certificateMayWait?: boolean } = {},
): SiteApp {
  const app = new App({
    context: { ...CDK_JSON_CONTEXT, ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }), ...context },
    builtinCloudFormationValidation: options.validate ?? false,
  });
  const { site: stack, budget, edgeGuard, pricingPlan } = addSiteStacks(app, readSiteConfig(app, { certificateMayWait: options.certificateMayWait ?? false }), options.env ?? {});
  let template: Template | undefined;
  return {
    app,
    stack,
    budget,
    ...(edgeGuard === undefined ? {} : { edgeGuard }),
    ...(pricingPlan === undefined ? {} : { pricingPlan }),
    // Synthesized on first use, so that a test can still add to the app (a validation plugin).
    get template() {
      return (template ??= Template.fromStack(stack));
    },
    logicalId: (construct) => stack.getLogicalId(construct.node.defaultChild as CfnElement),
  };
}

/** A CloudFormation resource as the template holds it. */
export interface TemplateResource {
  readonly Type: string;
  readonly Properties: Record<string, unknown>;
  readonly DeletionPolicy?: string;
}

export function resourcesOfType(template: Template, type: string): Record<string, TemplateResource> {
  return template.findResources(type) as Record<string, TemplateResource>;
}
