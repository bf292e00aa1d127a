import { App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { readFileSync } from 'node:fs';
import { readSiteConfig } from '../../../lib/site-config.js';
import { SiteStack } from '../../../lib/site-stack.js';

/** The feature flags `cdk synth` runs with, so the tests synthesize what the CLI would. */
const CDK_JSON_CONTEXT = (JSON.parse(readFileSync(new URL('../../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
}).context;

export const EXAMPLE_CERTIFICATE_ARN = 'arn:aws:acm:eu-west-1:123456789012:certificate/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0';

/** The README's example context: every key. */
export const EXAMPLE_CONTEXT: Readonly<Record<string, unknown>> = {
  ownerEmail: 'you@example.com',
  senderEmail: 'contact@example.com',
  siteName: 'Ada Lovelace',
  baseUrl: 'https://api.example.com',
  allowedOrigins: 'https://example.com,https://www.example.com',
  rateLimitIp: 5,
  rateLimitEmail: 3,
  domainName: 'api.example.com',
  certificateArn: EXAMPLE_CERTIFICATE_ARN,
  createSesIdentity: true,
};

/** Only what a deployment requires. */
export const MINIMAL_CONTEXT: Readonly<Record<string, unknown>> = {
  ownerEmail: 'you@example.com',
  senderEmail: 'contact@example.com',
};

export interface SiteApp {
  readonly app: App;
  readonly stack: SiteStack;
  readonly template: Template;
  /** The logical id of a construct's CloudFormation resource. */
  logicalId(construct: { node: { defaultChild?: unknown } }): string;
}

/**
 * The app of bin/app.ts over the given context. Bundling is skipped unless asked for: esbuild
 * takes seconds per handler, and most tests read only the template.
 */
export function synthesizeSite(context: Readonly<Record<string, unknown>> = EXAMPLE_CONTEXT, options: { bundle?: boolean } = {}): SiteApp {
  const app = new App({
    context: { ...CDK_JSON_CONTEXT, ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }), ...context },
  });
  const stack = new SiteStack(app, 'PersonalSite', { config: readSiteConfig(app) });
  let template: Template | undefined;
  return {
    app,
    stack,
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
