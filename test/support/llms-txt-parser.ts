/**
 * A parser written to the llms.txt format as the reference implementation (llms_txt's
 * `parse_llms_txt`) reads it: the text before the first H2 is an H1 title, an optional one-line
 * blockquote summary and free prose; after it, every non-empty line under an H2 must be a link item
 * `- [title](url): notes`. Where the reference would fail on a line, this one throws.
 */
export interface LlmsTxtLink {
  readonly title: string;
  readonly url: string;
  readonly notes: string | undefined;
}

export interface LlmsTxt {
  readonly title: string;
  readonly summary: string | undefined;
  readonly info: string;
  readonly sections: ReadonlyMap<string, readonly LlmsTxtLink[]>;
}

const SECTION_HEADING = /^##\s*(.*?)$/m;
const HEAD = /^#\s*(?<title>.+?)$\n+(?:^>\s*(?<summary>.+?)$\n+)?(?<info>.*)$/ms;
const LINK_ITEM = /^-\s*\[(?<title>[^\]]+)\]\((?<url>[^)]+)\)(?::\s*(?<notes>.*))?$/;

export function parseLlmsTxt(text: string): LlmsTxt {
  const [head = '', ...rest] = text.split(new RegExp(SECTION_HEADING.source, 'gm'));
  const match = HEAD.exec(head.trim());
  if (match?.groups === undefined) throw new Error('no H1 title at the start');
  const sections = new Map<string, LlmsTxtLink[]>();
  for (let i = 0; i < rest.length; i += 2) {
    const name = rest[i] ?? '';
    if (sections.has(name)) throw new Error(`section "${name}" appears twice`);
    sections.set(name, parseLinks(name, rest[i + 1] ?? ''));
  }
  return {
    title: match.groups.title ?? '',
    summary: match.groups.summary,
    info: (match.groups.info ?? '').trim(),
    sections,
  };
}

function parseLinks(section: string, body: string): LlmsTxtLink[] {
  return body
    .split(/\n+/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const groups = LINK_ITEM.exec(line.trim())?.groups;
      if (groups === undefined) throw new Error(`section "${section}" holds a line that is not a link: ${line}`);
      return { title: groups.title ?? '', url: groups.url ?? '', notes: groups.notes };
    });
}
