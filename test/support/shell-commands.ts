import type { CodeBlock } from './markdown.js';

/** One command a document shows, split into words as a POSIX shell would split it. */
export interface ShellCommand {
  /** As written, for a test's message. */
  readonly text: string;
  /** Leading `NAME=value` assignments. */
  readonly env: Readonly<Record<string, string>>;
  readonly words: readonly string[];
}

/**
 * The commands of an `sh` block (every line; `\` continues a line, `#` starts a comment, `&&`
 * separates commands) or of a `console` block (its `$ ` lines only: the rest is output).
 */
export function shellCommands(block: CodeBlock): ShellCommand[] {
  const joined = block.text.replace(/\\\n/g, ' ');
  const lines = joined.split('\n');
  const commandLines = block.language === 'console' ? lines.filter((line) => line.startsWith('$ ')).map((line) => line.slice(2)) : lines;
  return commandLines.flatMap((line) => commandsOf(line));
}

function commandsOf(line: string): ShellCommand[] {
  const groups: string[][] = [[]];
  for (const word of splitWords(line)) {
    if (word === '&&') groups.push([]);
    else groups.at(-1)!.push(word);
  }
  return groups
    .filter((words) => words.length > 0)
    .map((words) => {
      const assignments = words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
      const split = assignments === -1 ? words.length : assignments;
      const env = Object.fromEntries(words.slice(0, split).map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]));
      return { text: line.trim(), env, words: words.slice(split) };
    });
}

/** Words of one line, quotes removed; `&&` kept as a word of its own to separate commands. */
function splitWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index]!;
    if (quote !== undefined) {
      if (character === quote) quote = undefined;
      else if (quote === '"' && character === '\\' && /["\\$`]/.test(line[index + 1] ?? '')) word += line[++index]!;
      else word += character;
    } else if (character === '"' || character === "'") {
      quote = character;
      word ??= '';
    } else if (/\s/.test(character)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (character === '#' && word === undefined) {
      break;
    } else {
      word = (word ?? '') + character;
    }
  }
  if (quote !== undefined) throw new Error(`an unclosed ${quote} in: ${line}`);
  if (word !== undefined) words.push(word);
  return words;
}
