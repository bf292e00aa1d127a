import { statSync } from 'node:fs';
import { ConfigError } from '../../lambdas/config.js';
import { PAGE_PATHS } from '../../lambdas/html/page-paths.js';

/** How often the page's file is looked at: a rebuild by a generator's watch mode takes about as long. */
export const FORM_PAGE_LOOK_MS = 1_000;

/**
 * How many looks in a row a refusal must hold before it is said: two for a page that changed (the
 * thank-you page its form names may come a moment later), ten for a page that is gone, as a
 * generator empties its output folder while it builds (Astro's dist/, for a few seconds).
 */
const REFUSAL_LOOKS = { changed: 2, gone: 10 } as const;

/** The form page npm start watches (or another contact page): its path of the site, its file in the folder, and whether start-up found it. */
export interface WatchedFormPage {
  /** Another contact page, which answers the posts sent from it (docs/api.md §9), not the form page. */
  readonly other?: true;
  readonly path: string;
  readonly file: string;
  /** Whether the preview uses it: it held a form posting to `/contact` at start-up. */
  readonly used: boolean;
  /**
   * For a page not used, the setting that makes it the form page (`"formPage": "/contato/"`), when
   * start-up would not find it on its own: a page at another path than `/contact/`.
   */
  readonly setting?: string;
  /** The thank-you page in use, where a delivered form post goes: none for the service's own. */
  readonly successPath?: string;
  /** What its Form page line said it lacks at start-up (formPageNotes): empty for nothing. */
  readonly notes?: string;
}

/** What start-up would read now: whether it finds a form page, the thank-you page it would use, and what the page lacks. */
export interface StartUpReading {
  readonly found: boolean;
  readonly successPath?: string;
  readonly notes?: string;
}

/**
 * Whether the owner's form page, edited while npm start runs, still passes start-up's checks of
 * it, as when a generator's watch mode rebuilds the site: `startUpReads` reads the settings as
 * start-up does, what they find now (StartUpReading), or throws the ConfigError start-up would stop
 * with. The preview reads a page it uses at each post, so a refusal (a form now posting to
 * `/contact/`, whose posts fail) is said, and that it is mended once it is; a page that no longer
 * holds the form is said too. A page it does not use yet (none was found at start-up) is
 * looked for until it appears: `/contact` keeps to the service's own form until npm start reads
 * its settings again (a deployment, until its next deploy), so one line says to start again, and
 * the watch ends. So does a thank-you page the page's form now names otherwise (its
 * data-success-path): a post without JavaScript still lands on the one start-up read, one with
 * JavaScript (the page's own script) on the new one, until npm start starts again. What the page
 * lacks (its Form page line's notes: the spam trap, a field's message element, a file it loads)
 * is said when an edit changes it, as an edit reaches visitors at once.
 *
 * Only a file that kept its size and time from one look to the next is checked, once, as a
 * generator may be writing it; a refusal is said once it held on REFUSAL_LOOKS checks, and checked
 * again at each look until it is mended. Looks every `everyMs`; `stop` ends it.
 */
export function watchFormPage(page: WatchedFormPage, startUpReads: () => StartUpReading, say: (line: string) => void, everyMs = FORM_PAGE_LOOK_MS): { stop(): void } {
  // Start-up judged the page as it is now.
  const label = page.other ? 'Other form ' : 'Form page  ';
  let seen = page.used ? fileState(page.file) : undefined;
  let judged = seen;
  let lastRefusal: string | undefined;
  let refusedLooks = 0;
  let goneLooks = 0;
  const said = new Set<string>();
  let saidNoForm = false;
  // What a post without JavaScript lands on until a restart: the thank-you page start-up read, else the service's.
  const restart = `one without JavaScript still lands on ${page.successPath ?? PAGE_PATHS.sent}, as start-up read it, until you stop npm start (Ctrl-C) and start it again`;
  // The thank-you page the form named when last said (start-up's at first): none when it names none.
  let named = page.successPath;
  const sayThankYouPage = (successPath: string | undefined) => {
    if (successPath === named) return;
    named = successPath;
    if (named === page.successPath) say(`${label}${page.path} names ${named ?? 'no thank-you page'} again, as npm start read it`);
    else if (named === undefined) say(`${label}${page.path} now names no thank-you page: with JavaScript the page thanks the visitor itself, and ${restart}`);
    else say(`${label}${page.path} now sends a delivered post to ${named}: ${restart}`);
  };
  // What the page lacked when last said (start-up's at first), as its Form page line words it.
  let lacking = page.notes ?? '';
  const sayNotes = (notes: string) => {
    if (notes === lacking) return;
    lacking = notes;
    say(notes === '' ? `${label}${page.path} lacks nothing now` : `${label}${page.path} changed: ${notes.replace(/^; /, '')}`);
  };
  const look = () => {
    const now = fileState(page.file);
    // A page in use that is taken away is a change too; a page not yet there is none.
    const steady = now === seen && (page.used || now !== undefined);
    seen = now;
    // A refusal is checked again at each look, the page as it last passed included (a folder moved away and
    // back); so is what the page lacks, which other files may mend (a style sheet a rebuild writes after it).
    if (!steady || (now === judged && lastRefusal === undefined && lacking === '')) return;
    let reading: StartUpReading;
    try {
      reading = startUpReads();
    } catch (error) {
      if (!(error instanceof ConfigError)) return;
      refusedLooks = error.message === lastRefusal ? refusedLooks + 1 : 1;
      if (refusedLooks >= (now === undefined ? REFUSAL_LOOKS.gone : REFUSAL_LOOKS.changed) && !said.has(error.message)) {
        said.add(error.message);
        say(`${label}${page.path} changed, and npm start would now stop: ${error.message}. ${page.used ? 'Mend it: until then its posts may fail' : 'Mend it, then start npm start again'}`);
      }
      lastRefusal = error.message;
      return;
    }
    // A page gone without a refusal (the one start-up found at /contact/) is said as late as a refusal of a page gone.
    if (page.used && !reading.found && now === undefined && ++goneLooks < REFUSAL_LOOKS.gone) return;
    goneLooks = 0;
    judged = now;
    lastRefusal = undefined;
    refusedLooks = 0;
    const wasRefused = said.size > 0;
    said.clear();
    const { found } = reading;
    if (!page.used) {
      if (!found) return;
      clearInterval(timer);
      const naming = page.setting === undefined ? '' : `name it in your settings file (${page.setting}), then `;
      say(`${label}${page.path} holds a form posting to ${PAGE_PATHS.form} now: ${naming}stop npm start (Ctrl-C) and start it again to use it; until then ${PAGE_PATHS.form} is the service's own form`);
    } else if (!found) {
      const effect = page.other ? '' : ": a refused post gets the service's own form";
      if (!saidNoForm) say(`${label}${page.path} ${now === undefined ? 'is gone' : `changed, and holds no form posting to ${PAGE_PATHS.form} now`}${effect}`);
      saidNoForm = true;
    } else if (wasRefused || saidNoForm) {
      saidNoForm = false;
      say(`${label}${page.path} is mended: npm start would start with it again`);
    }
    if (page.used && found) {
      sayThankYouPage(reading.successPath);
      sayNotes(reading.notes ?? '');
    }
  };
  const timer = setInterval(look, everyMs);
  // Looking never keeps the process alive.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The file's size and time of change, which a write changes; none when there is no such file. */
function fileState(file: string): string | undefined {
  try {
    const stats = statSync(file);
    return stats.isFile() ? `${stats.size} ${stats.mtimeMs}` : undefined;
  } catch {
    return undefined;
  }
}
