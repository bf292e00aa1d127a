import { describe, expect, it } from '@jest/globals';
import { parseLlmsTxt } from '../../support/llms-txt-parser.js';

describe('the llms.txt test parser', () => {
  it('reads the title, one-line summary, prose and link sections of a well-formed file', () => {
    const parsed = parseLlmsTxt(
      [
        '# FastHTML',
        '',
        '> FastHTML is a python library.',
        '',
        'Important notes:',
        '',
        '- Not compatible with FastAPI syntax',
        '',
        '## Docs',
        '',
        '- [Quick start](https://example.com/quickstart.md): A brief overview',
        '- [Reference](https://example.com/reference.md)',
        '',
        '## Optional',
        '',
        '- [Starlette](https://example.com/starlette.md): A subset of the docs',
        '',
      ].join('\n'),
    );

    expect(parsed.title).toBe('FastHTML');
    expect(parsed.summary).toBe('FastHTML is a python library.');
    expect(parsed.info).toBe('Important notes:\n\n- Not compatible with FastAPI syntax');
    expect([...parsed.sections.keys()]).toEqual(['Docs', 'Optional']);
    expect(parsed.sections.get('Docs')).toEqual([
      { title: 'Quick start', url: 'https://example.com/quickstart.md', notes: 'A brief overview' },
      { title: 'Reference', url: 'https://example.com/reference.md', notes: undefined },
    ]);
  });

  it('refuses a section holding a line that is not a link item', () => {
    expect(() => parseLlmsTxt('# Site\n\n> Summary.\n\n## Docs\n\nSome prose.\n- [A](https://example.com/a)\n')).toThrow(
      /not a link: Some prose/,
    );
  });

  it('refuses a file without an H1 title', () => {
    expect(() => parseLlmsTxt('> Summary only.\n\n## Docs\n- [A](https://example.com/a)\n')).toThrow(/no H1/);
  });

  it('reads a second blockquote line as prose, not summary, as the reference does', () => {
    const parsed = parseLlmsTxt('# Site\n\n> First line.\n> Second line.\n');
    expect(parsed.summary).toBe('First line.');
    expect(parsed.info).toBe('> Second line.');
  });
});
