/**
 * The names of JavaScript's, the SDK's, the CDK's and this project's error classes, and the
 * `Error:` prefix, none of which a line of the owner's commands may show (an AWS service's own
 * code, such as `AccessDenied` or `InternalError`, may be quoted as what AWS answered).
 */
export const ERROR_CLASS_NAME =
  /\b(?:Error|TypeError|RangeError|SyntaxError|ReferenceError|AbortError|TimeoutError|ProviderError|CredentialsProviderError|TokenProviderError|AssemblyError|ToolkitError|ExecutionError|ProbeError|ConfigError|ListenError|PublishError|InboxCommandError|VerifyUsageError|\w*ServiceException)\b/;
