/**
 * The pages' style sheet, served at /contact/form.css (the CSP allows no inline style). A string
 * constant so that esbuild bundles it with the handler. Colours meet WCAG AA contrast in both
 * schemes; inputs use 1rem text so that phones do not zoom into them.
 */
export const FORM_STYLE = `:root {
  color-scheme: light dark;
  --bg: #f3f4f6;
  --card: #ffffff;
  --line: #d0d7de;
  --text: #1f2328;
  --muted: #59636e;
  --field: #ffffff;
  --border: #6e7781;
  --accent: #0a5cc2;
  --accent-hover: #084a9c;
  --on-accent: #ffffff;
  --link: #0a5cc2;
  --focus: #0a5cc2;
  --error: #b42318;
  --error-bg: #fef3f2;
  --info-bg: #eef4fc;
  --ok: #1a7f37;
  --ok-bg: #eefbf1;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117;
    --card: #161b22;
    --line: #30363d;
    --text: #e6edf3;
    --muted: #9ea7b3;
    --field: #0d1117;
    --border: #8b949e;
    --accent: #4493f8;
    --accent-hover: #79b8ff;
    --on-accent: #0d1117;
    --link: #79b8ff;
    --focus: #79b8ff;
    --error: #ff9b92;
    --error-bg: #2c1517;
    --info-bg: #122136;
    --ok: #5fd37a;
    --ok-bg: #10261a;
  }
}
*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0;
  padding: 2rem 1rem 3rem;
  background: var(--bg);
  color: var(--text);
  font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
a { color: var(--link); text-underline-offset: 0.15em; }
.site { max-width: 40rem; margin: 0 auto 1rem; }
.site a { color: var(--text); font-weight: 600; text-decoration: none; }
.site a:hover { text-decoration: underline; }
.card {
  display: block;
  max-width: 40rem;
  margin: 0 auto;
  padding: 2rem clamp(1rem, 5vw, 2.5rem);
  background: var(--card);
  border: 1px solid var(--line);
  border-radius: 12px;
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.08);
}
h1 { margin: 0 0 0.5rem; font-size: 1.75rem; line-height: 1.25; }
h2 { margin: 0 0 0.5rem; font-size: 1.25rem; line-height: 1.3; }
p { margin: 0 0 1rem; }
.lead { margin-bottom: 0.25rem; }
.note { color: var(--muted); font-size: 0.9375rem; margin-bottom: 1.5rem; }
.notice {
  margin: 0 0 1.5rem;
  padding: 0.75rem 1rem;
  border-left: 4px solid var(--accent);
  border-radius: 6px;
  background: var(--info-bg);
}
/* Empty but still in the page, so that screen readers hear what is written into it later. */
.notice:empty { margin: 0; padding: 0; border: 0; }
.notice-error { border-left-color: var(--error); background: var(--error-bg); }
.field { margin: 0 0 1.5rem; }
.field-invalid { padding-left: 0.875rem; border-left: 4px solid var(--error); }
label { display: block; margin-bottom: 0.25rem; font-weight: 600; }
.optional { font-weight: 400; color: var(--muted); }
.hint { margin: 0 0 0.375rem; color: var(--muted); font-size: 0.9375rem; }
.error { margin: 0 0 0.375rem; color: var(--error); font-weight: 600; }
input, textarea {
  display: block;
  width: 100%;
  padding: 0.5rem 0.75rem;
  font: inherit;
  color: var(--text);
  background: var(--field);
  border: 2px solid var(--border);
  border-radius: 6px;
}
textarea { min-height: 10rem; resize: vertical; }
.field-invalid input, .field-invalid textarea { border-color: var(--error); }
input:focus, textarea:focus, button:focus-visible, a:focus-visible, .sent:focus-visible {
  outline: 3px solid var(--focus);
  outline-offset: 2px;
}
button {
  min-height: 2.75rem;
  padding: 0.625rem 1.5rem;
  font: inherit;
  font-weight: 600;
  color: var(--on-accent);
  background: var(--accent);
  border: 0;
  border-radius: 6px;
  cursor: pointer;
}
button:hover { background: var(--accent-hover); }
button[aria-disabled="true"] { cursor: progress; opacity: 0.75; }
.sent {
  padding: 1rem 1.25rem;
  border-left: 4px solid var(--ok);
  border-radius: 6px;
  background: var(--ok-bg);
}
.sent p:last-child { margin-bottom: 0; }
.reference { color: var(--muted); font-size: 0.9375rem; word-break: break-all; }
/* The honeypot: off screen rather than display:none, which simple robots know to skip. */
.trap { position: absolute; left: -10000px; top: auto; width: 1px; height: 1px; overflow: hidden; }
.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
}
@media (max-width: 30rem) {
  body { padding: 1rem 0.75rem 2rem; }
  .card { padding: 1.25rem 1rem; border-radius: 8px; }
  button { width: 100%; }
}
@media (forced-colors: active) {
  .field-invalid, .notice, .sent { border-left-color: CanvasText; }
}
`;
