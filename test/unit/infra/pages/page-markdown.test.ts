import { describe, expect, it } from '@jest/globals';
import { MAX_DEPTH, MAX_MARKDOWN_BYTES, MAX_PAGE_BYTES, pageMarkdown } from '../../../../lib/pages/page-markdown.js';

const html = (text: string) => Buffer.from(text);
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe("a page's Markdown: its main content (docs/api.md §16)", () => {
  it('is the <main>, under the title, without the navigation, header, footer, scripts or styles', () => {
    const markdown = pageMarkdown(
      html(
        '<!doctype html><title>About Ada</title><style>p{}</style><header><a href="/">Site</a></header><nav><a href="/blog/">Blog</a></nav>' +
          '<main><p>I build <strong>bridges</strong>, see <a href="/work/">my work</a>.</p><script>track()</script></main><footer>© 2026</footer>',
      ),
      '/about/',
    );
    expect(markdown).toBe('# About Ada\n\nI build **bridges**, see [my work](/work/).\n');
  });

  it('leaves out the page’s comments, as the example form’s notes to its editor, at any depth', () => {
    const page = '<title>T</title><main><!-- The inquiry\'s fields --><p>Write <!-- inline -->to me.</p><div><!-- Where the outcome is said. --><p>Soon.</p></div></main>';
    expect(pageMarkdown(html(page), '/contact/')).toBe('# T\n\nWrite to me.\n\nSoon.\n');
  });

  it('leaves out the permalink marks generators put beside headings, and keeps every link with words', () => {
    const page =
      '<title>T</title><main><h1 id="contact">Contact<a class="headerlink" href="#contact" title="Permanent link">¶</a></h1>' +
      '<h2 id="rates">Rates <a href="#rates" class="hash-link" aria-label="Direct link"></a></h2><p>See <a href="#rates">the rates</a>, or <a href="/#">home</a> #1.</p></main>';
    expect(pageMarkdown(html(page), '/contact/')).toBe('# Contact\n\n## Rates\n\nSee [the rates](#rates), or [home](/#) #1.\n');
  });

  it("keeps the content's own <h1> rather than the title, and GFM tables", () => {
    const markdown = pageMarkdown(html('<title>T</title><main><h1>Prices</h1><table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table></main>'), '/');
    expect(markdown).toBe('# Prices\n\n| a | b |\n| - | - |\n| 1 | 2 |\n');
  });

  it('leaves out what the page hides from its readers (a form’s spam trap), but for hidden="until-found", which a search reveals', () => {
    const page =
      '<title>T</title><main><p>Write to me.</p><div hidden aria-hidden="true"><label>Leave this field empty</label></div>' +
      '<p aria-hidden="TRUE">decoration</p><p hidden="">gone</p><div hidden="until-found"><p>the answer</p></div><p aria-hidden="false">shown</p></main>';
    expect(pageMarkdown(html(page), '/contact/')).toBe('# T\n\nWrite to me.\n\nthe answer\n\nshown\n');
  });

  it('puts a note for an agent in the place of a form that sends an inquiry to /contact, its action resolved as a browser does; keeps any other form', () => {
    const note =
      "This page's form sends the site's owner an inquiry. An agent sends the same inquiry as JSON to [/api/contact](/api/contact) (a GET of it answers its JSON Schema), or through the MCP server at [/api/mcp](/api/mcp).";
    const form = (action: string) => `<form method="post" ${action}><label>Imię <input name="name"></label><button>Wyślij</button></form>`;
    for (const [page, path] of [
      [`<main><h1>Kontakt</h1>${form('action="/contact"')}<p>Dziękuję.</p></main>`, '/kontakt/'],
      [`<main><h1>Kontakt</h1>${form('action="../contact?from=page"')}<p>Dziękuję.</p></main>`, '/kontakt/'],
      [`<base href="/"><main><h1>Kontakt</h1>${form('action="contact"')}<p>Dziękuję.</p></main>`, '/deep/kontakt/'],
    ] as const) {
      expect(pageMarkdown(html(`<title>T</title>${page}`), path)).toBe(`# Kontakt\n\n${note}\n\nDziękuję.\n`);
    }
    expect(pageMarkdown(html(`<title>T</title><main><h1>News</h1>${form('action="/newsletter"')}</main>`), '/')).toBe('# News\n\nImię Wyślij\n');
    // A search form with that action sends no inquiry: it is kept.
    expect(pageMarkdown(html('<title>T</title><main><h1>Find</h1><form action="/contact"><label>Q <input name="q"></label></form></main>'), '/')).toBe('# Find\n\nQ\n');
  });

  it("takes the one <article>, or else the body without its header, footer, asides and navigation", () => {
    expect(pageMarkdown(html('<title>T</title><nav>menu</nav><article><p>post</p></article><aside>ad</aside>'), '/')).toBe('# T\n\npost\n');
    expect(pageMarkdown(html('<title>T</title><header>top</header><p>body</p><aside>ad</aside><footer>end</footer>'), '/')).toBe('# T\n\nbody\n');
  });
});

describe('the Markdown of hostile pages stays text, bounded', () => {
  it('escapes what a Markdown renderer would read as HTML or links, and drops the page’s own scripts and frames', () => {
    const markdown = pageMarkdown(
      html('<main><p>&lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1)) &lt;img src=x onerror=alert(1)&gt;</p><script>alert(2)</script><iframe src="https://evil.example"></iframe></main>'),
      '/',
    );
    expect(markdown).not.toMatch(/(^|[^\\])<(script|img)/);
    expect(markdown).not.toContain('alert(2)');
    expect(markdown).not.toContain('evil.example');
    expect(markdown).toContain('\\<script>');
  });

  it('drops control characters, an escape sequence’s ESC included', () => {
    const markdown = pageMarkdown(html('<main><p>a\u0000b\u001b[31mred\u0007 c\u0085d</p></main>'), '/');
    expect(markdown).not.toMatch(CONTROLS);
    expect(markdown).toContain('ab');
  });

  it.each<[string, Buffer, string]>([
    ['a declared windows-1252', Buffer.from('<meta charset="windows-1252"><title>caf\xe9</title><p>na\xefve</p>', 'latin1'), '# café\n\nnaïve\n'],
    ['UTF-16 with its byte order mark', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<title>Ü</title><p>ß</p>', 'utf16le')]), '# Ü\n\nß\n'],
    ['bytes that are no UTF-8', Buffer.from([0x3c, 0x70, 0x3e, 0xff, 0xfe, 0x41, 0xc3]), '\uFFFD\uFFFDA\uFFFD\n'],
    ['an unknown charset', Buffer.from('<meta charset="x-klingon"><p>é</p>'), 'é\n'],
    ['a declared UTF-16 without its mark, read as UTF-8', Buffer.from('<meta charset="utf-16"><p>é</p>'), 'é\n'],
  ])('decodes %s as a browser would', (_case, bytes, expected) => {
    expect(pageMarkdown(bytes, '/')).toBe(expected);
  });

  it(`keeps the text of elements nested deeper than ${MAX_DEPTH}, instead of overflowing the stack`, () => {
    const markdown = pageMarkdown(html(`<main>${'<div><b>'.repeat(20_000)}deep text${'</b></div>'.repeat(20_000)}</main>`), '/');
    expect(markdown).toContain('deep text');
  });

  it(`reads at most ${MAX_PAGE_BYTES} bytes of a page, and cuts the Markdown at ${MAX_MARKDOWN_BYTES} bytes with a link to the page`, () => {
    const paragraph = '<p>All work and no play makes a long page.</p>';
    const page = html(`<main>${paragraph.repeat(Math.ceil((2 * MAX_PAGE_BYTES) / paragraph.length))}</main>`);
    const markdown = pageMarkdown(page, '/long/');
    expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(MAX_MARKDOWN_BYTES);
    expect(markdown).toMatch(/\n\n\[The page goes on; read it whole at \/long\/\]\(<\/long\/>\)\n$/);
    expect(markdown).toContain('All work and no play makes a long page.\n\nAll work');
  });

  it('is text whatever bytes a page holds', () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256));
    const markdown = pageMarkdown(Buffer.concat([Buffer.from('<main>'), bytes]), '/');
    expect(markdown).not.toMatch(CONTROLS);
    expect(Buffer.from(markdown).toString('utf8')).toBe(markdown);
  });
});
