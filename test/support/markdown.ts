import { readFileSync } from 'node:fs';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

/** A fenced code block: its language (the info string's first word) and its text. */
export interface CodeBlock {
  readonly language: string;
  readonly text: string;
  /** 1-based, the fence's own line. */
  readonly line: number;
}

/** A Markdown document as the tests read it: parsed by markdown-it, anchors named as GitHub names them. */
export interface MarkdownDocument {
  readonly path: string;
  readonly lineCount: number;
  readonly codeBlocks: readonly CodeBlock[];
  /** The heading anchors GitHub renders (`## Check it: npm run verify` is `check-it-npm-run-verify`). */
  readonly anchors: ReadonlySet<string>;
  /** The headings' text, as a reference such as README "The inbox" names one. */
  readonly headings: ReadonlySet<string>;
  /** Every link's and image's target, as written, outside code. */
  readonly links: readonly string[];
}

const parser = new MarkdownIt();

export function readMarkdown(path: string): MarkdownDocument {
  const source = readFileSync(path, 'utf8');
  const tokens = parser.parse(source, {});
  const slugger = new GithubSlugger();
  const codeBlocks: CodeBlock[] = [];
  const anchors = new Set<string>();
  const headings = new Set<string>();
  const links: string[] = [];
  tokens.forEach((token, index) => {
    if (token.type === 'fence') {
      codeBlocks.push({ language: token.info.trim().split(/\s+/)[0] ?? '', text: token.content, line: (token.map?.[0] ?? 0) + 1 });
    } else if (token.type === 'heading_open') {
      const text = plainText(tokens[index + 1]?.children ?? []);
      headings.add(text);
      anchors.add(slugger.slug(text));
    } else if (token.type === 'inline') {
      for (const child of token.children ?? []) {
        const target = child.type === 'link_open' ? child.attrGet('href') : child.type === 'image' ? child.attrGet('src') : null;
        if (target !== null) links.push(target);
      }
    }
  });
  return { path, lineCount: source.split('\n').length - (source.endsWith('\n') ? 1 : 0), codeBlocks, anchors, headings, links };
}

/** A heading's text as a reader sees it: code spans and emphasis without their marks. */
function plainText(children: readonly Token[]): string {
  return children.map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : '')).join('');
}
