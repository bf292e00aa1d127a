import { iterator, parse, type MemberNode, type ObjectNode } from '@humanwhocodes/momoa';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '../../lambdas/config.js';
import { terminalText } from '../../lambdas/inbox/visitor-text.js';

/**
 * The owner's settings (docs/api.md §7): a JSON object of the context keys a deployment reads, in
 * a file of the owner's own beside cdk.json, which git ignores and an update of the project never
 * touches. cdk.json keeps CDK's own feature flags, which an update may change.
 */
export const SETTINGS_FILE = 'site-settings.json';

/** The committed example of every key, which the owner copies to SETTINGS_FILE. */
export const SETTINGS_EXAMPLE_FILE = 'site-settings.example.json';

/** Names another settings file than the project folder's SETTINGS_FILE. */
export const SETTINGS_FILE_VARIABLE = 'SITE_SETTINGS';

/** The owner's settings, and the file they came from. */
export interface SettingsFile {
  readonly path: string;
  /** False when the project folder has no settings file. */
  readonly exists: boolean;
  /** None when the project folder has no settings file. */
  readonly settings: Readonly<Record<string, unknown>>;
}

/**
 * The settings of `cwd`'s SETTINGS_FILE (the project folder, where npm and the CDK CLI run
 * everything), or of the file SITE_SETTINGS names, which must then exist. Anything but a JSON
 * object whose keys are settings, each once, stops with one line: CDK's own keys (`@aws-cdk/…`,
 * lookups with `:`) stay in cdk.json. Each value is checked where it is read
 * (lib/settings/site-config.ts), as every context key is. Every message shows the owner's text as
 * the owner's commands show what they did not write (terminalText).
 */
export function readSettingsFile(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): SettingsFile {
  const named = env[SETTINGS_FILE_VARIABLE];
  const path = resolve(cwd, named === undefined || named === '' ? SETTINGS_FILE : named);
  const file = terminalText(path);
  if (!existsSync(path)) {
    if (path === resolve(cwd, SETTINGS_FILE)) return { path, exists: false, settings: {} };
    throw new ConfigError(`${SETTINGS_FILE_VARIABLE} names ${file}, which is no file`);
  }
  if (!statSync(path).isFile()) throw new ConfigError(`${file} is no file: the settings are one JSON file`);
  // One byte order mark, which Windows editors may write, is read as JSON allows (RFC 8259 §8.1).
  const settings = parsedSettings(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''), file);
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
    throw new ConfigError(`${file} must hold one JSON object of settings, as ${SETTINGS_EXAMPLE_FILE} does`);
  }
  // A `__proto__` member would become the CDK context's prototype, its members read as settings no check saw.
  if (Object.hasOwn(settings, '__proto__')) throw new ConfigError(`${file} holds "__proto__", which is no setting`);
  const cdkKey = Object.keys(settings).find(isCdkKey);
  if (cdkKey !== undefined) throw new ConfigError(`${file} holds ${quoted(cdkKey)}, a key of the CDK's own: it belongs in cdk.json, which the project keeps`);
  return { path, exists: true, settings: settings as Record<string, unknown> };
}

/** The file's JSON, each key of an object once; `file` is its path as a message shows it. */
function parsedSettings(text: string, file: string): unknown {
  try {
    const settings: unknown = JSON.parse(text, numberAsWritten);
    const repeated = repeatedKey(text);
    if (repeated === undefined) return settings;
    throw new ConfigError(
      `${file} holds ${quoted(repeated.key)} twice, on lines ${repeated.lines.join(' and ')}: JSON keeps the last without a word, so remove the one you do not mean`,
    );
  } catch (error) {
    // V8's message quotes the file around the error: the owner's text, controls and all.
    if (error instanceof SyntaxError) {
      const comma = missingCommaHint(text, error.message) ?? trailingCommaHint(text);
      throw new ConfigError(`${file} is not JSON: ${terminalText(error.message.split('\n')[0] ?? '')}${comma}${curlyQuoteHint(text)}`);
    }
    // The readers' own recursion, thousands of levels down: no setting is more than a list of text.
    if (error instanceof RangeError) throw new ConfigError(`${file} nests lists or objects thousands deep, where a setting is at most a list of text`);
    throw error;
  }
}

/**
 * Where V8 stopped for want of a comma between two settings (or two items of a list) on two lines:
 * the line to end with one is the last before that point with text on it, which V8's position does not say.
 */
function missingCommaHint(text: string, message: string): string | undefined {
  const position = /^Expected ',' or '[}\]]' after (?:property value|array element) in JSON at position (\d+)/.exec(message)?.[1];
  if (position === undefined) return undefined;
  const before = text.slice(0, Number(position)).trimEnd();
  // On one line, a value's own quote unescaped or a comment is likelier than a comma left out.
  if (!text.slice(before.length, Number(position)).includes('\n')) return undefined;
  return `; a comma missing at the end of line ${before.split('\n').length}?`;
}

/**
 * Where a file that is not JSON has a comma after its last member or item, as JavaScript allows
 * and JSON does not: V8 points at the line after it, where the `}` is, so the line says which.
 */
function trailingCommaHint(text: string): string {
  const comma = /,(?=\s*[}\]])/.exec(text);
  return comma === null ? '' : `; a comma after the last setting, on line ${text.slice(0, comma.index).split('\n').length}? JSON allows none`;
}

/**
 * Where a file that is not JSON has a typographic double quote, which a word processor or a
 * phone's keyboard writes for `"`: V8 names only the position, so the line says which line and
 * what. Not the single ones: an apostrophe (’) is at home in a value such as a site's name.
 */
function curlyQuoteHint(text: string): string {
  const quote = /[\u201C\u201D]/.exec(text);
  return quote === null ? '' : `; a curly quote (${quote[0]}) on line ${text.slice(0, quote.index).split('\n').length}? JSON needs straight ones (")`;
}

/** The owner's text in a message: in JSON's quotes, anything that would act on a terminal shown as its escape. */
export function quoted(text: string): string {
  return terminalText(JSON.stringify(text));
}

/**
 * A number is read as the text it is written as wherever that differs from what JSON.parse makes
 * of it (`1e400` is Infinity, `12345678901234567890` loses digits, `5.0` is 5): the settings are
 * read as text anyway (site-config.ts), as `-c key=value` gives them, so a message quotes the
 * number the owner wrote. JSON.parse hands a reviver each value's source (ES2025's JSON.parse
 * source text access, in Node.js since 21).
 */
function numberAsWritten(_key: string, value: unknown, context?: { readonly source?: string }): unknown {
  return typeof value === 'number' && context?.source !== undefined && context.source !== String(value) ? context.source : value;
}

/**
 * The first key that an object of the file holds twice, and the lines of both, which JSON.parse
 * keeps the last of silently. Read from Momoa's syntax tree of the text JSON.parse accepted (the
 * parser behind ESLint's JSON rules, duplicate keys among them) rather than a parser of our own.
 */
function repeatedKey(text: string): { key: string; lines: [number, number] } | undefined {
  const objects = iterator(parse(text, { mode: 'json' }), ({ node, phase }) => phase === 'enter' && node.type === 'Object');
  for (const { node } of objects) {
    const seen = new Map<string, MemberNode>();
    for (const member of (node as ObjectNode).members) {
      const key = member.name.type === 'String' ? member.name.value : member.name.name;
      const first = seen.get(key);
      if (first !== undefined) return { key, lines: [first.loc.start.line, member.loc.start.line] };
      seen.set(key, member);
    }
  }
  return undefined;
}

/** Keys with `@` or `:` belong to the CDK itself (feature flags, lookups, the CLI's own settings). */
export function isCdkKey(key: string): boolean {
  return /[@:]/.test(key);
}

/** The owner's settings that a cdk.json's context still holds, which an update of the project would conflict with. */
export function settingsInCdkJson(path: string = resolve('cdk.json')): string[] {
  return Object.keys(ownersSettingsIn(cdkJsonContext(path)));
}

/** cdk.json's context; none when there is no such file or it is not JSON (the CDK CLI says what is wrong with its own file). */
function cdkJsonContext(path: string): Record<string, unknown> {
  if (!existsSync(path)) return {};
  try {
    const { context } = JSON.parse(readFileSync(path, 'utf8')) as { context?: unknown };
    return typeof context === 'object' && context !== null ? (context as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function ownersSettingsIn(context: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(context).filter(([key]) => !isCdkKey(key)));
}

/** One line saying which settings are still in cdk.json, that they are read, and how to move them. */
export function moveSettingsLine(keys: readonly string[], settingsFile: string = SETTINGS_FILE): string {
  return (
    `Settings   cdk.json's "context" holds your ${terminalText(keys.join(', '))}: they are read, and win over ${settingsFile}, but an update of the project ` +
    `would conflict with them. Move them into ${settingsFile} (README, "Your settings file") and leave cdk.json as the project has it.`
  );
}

/**
 * The settings a deployment reads, for a command that builds no CDK app (`npm run publish`):
 * the file's, under cdk.json's context, as the CDK CLI gives them to bin/app.ts (its `-c` options
 * aside, which no file keeps).
 */
export function deploymentSettings(cwd = process.cwd(), env: NodeJS.ProcessEnv = process.env): Record<string, unknown> {
  return { ...readSettingsFile(env, cwd).settings, ...ownersSettingsIn(cdkJsonContext(resolve(cwd, 'cdk.json'))) };
}
