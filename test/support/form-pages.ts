/**
 * The owner's form page of a site (docs/api.md §9): a page whose form posts to `/contact`, with
 * the elements where messages go, as docs/examples/ teaches. `action` changes where it posts;
 * `successPath`, given, is the form's data-success-path, as the attribute's value means it.
 */
export function ownerFormPage({ title = 'Hire me', action = '/contact', successPath }: { title?: string; action?: string; successPath?: string } = {}): string {
  const thanks = successPath === undefined ? '' : ` data-success-path="${successPath.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/css/site.css"></head>
<body>
<nav><a href="/">Home</a> <a href="/about/">About</a></nav>
<main>
<h1>${title}</h1>
<form method="post" action="${action}"${thanks}>
<p data-status role="status"></p>
<label for="name">Your name</label> <input id="name" name="name" required>
<p id="name-error" data-error-for="name" hidden></p>
<label for="email">Your e-mail</label> <input id="email" name="email" type="email" required>
<p id="email-error" data-error-for="email" hidden></p>
<label for="message">Your project</label> <textarea id="message" name="message" required></textarea>
<p id="message-error" data-error-for="message" hidden></p>
<div hidden aria-hidden="true"><input name="_gotcha" tabindex="-1" autocomplete="off"></div>
<button type="submit">Send</button>
</form>
</main>
</body>
</html>
`;
}
