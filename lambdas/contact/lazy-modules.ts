/**
 * The contact function's modules that a request loads on first use only (lambdas/lazy-module.ts):
 * the stack bundles each apart, beside the handler's bundle (lib/api/function-profiles.ts reads this
 * list), so that a cold start that does not need one neither loads nor parses it.
 */
export const CONTACT_LAZY_MODULES = {
  /** Powertools' Idempotency and its DynamoDB persistence: for a request with an `Idempotency-Key`. */
  rememberedAnswers: 'remembered-answers',
  /** The pages of the no-JavaScript form: for a form post. */
  formReplies: 'form-replies',
  /** The owner's form page and the HTML parser that fills it in: for a form post that is refused. */
  filledFormPage: 'filled-form-page',
  /** The list of disposable-mail domains: for a valid inquiry's spam checks, loaded while the counters are asked. */
  throwawayDomains: 'throwaway-domains',
} as const;
