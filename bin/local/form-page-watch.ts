import { statSync } from 'node:fs';
import { ConfigError } from '../../lambdas/config.js';
import { PAGE_PATHS } from '../../lambdas/html/page-paths.js';
import { FOUND_FORM_PAGE } from '../../lib/settings/form-page.js';

/** How often the page's file is looked at: a rebuild by a generator's watch mode takes about as long. */
export const FORM_PAGE_LOOK_MS = 1_000;

/**
 * Without a form page at start-up, whether the site's folder comes to hold one at FOUND_FORM_PAGE,
 * as when the owner adds a contact page while a generator's watch mode rebuilds the site:
 * `/contact` keeps to the service's own form until npm start reads its settings again (a
 * deployment, until its next deploy), so one line says to start again. `file` is the page's file
 * in the folder; `startUpFinds` checks the settings as start-up does, whether they find a form
 * page now, or throws the ConfigError start-up would stop with.
 *
 * Only a file that kept its size and time from one look to the next is checked, once, as a
 * generator may be writing it; a refusal is said once it held on two checks (the thank-you page the
 * form names may come a moment later), and checked again at each look until it is mended. Looks at
 * most every `everyMs` until it has found the page; `stop` ends it.
 */
export function watchForFormPage(file: string, startUpFinds: () => boolean, say: (line: string) => void, everyMs = FORM_PAGE_LOOK_MS): { stop(): void } {
  let seen: string | undefined;
  let withoutFormPage: string | undefined;
  let lastRefusal: string | undefined;
  const said = new Set<string>();
  const look = () => {
    const now = fileState(file);
    const steady = now !== undefined && now === seen;
    seen = now;
    if (!steady || now === withoutFormPage) return;
    let found: boolean;
    try {
      found = startUpFinds();
    } catch (error) {
      if (!(error instanceof ConfigError)) return;
      if (error.message === lastRefusal && !said.has(error.message)) {
        said.add(error.message);
        say(`Form page  ${FOUND_FORM_PAGE} changed, and npm start would now stop: ${error.message}. Mend it, then start npm start again`);
      }
      lastRefusal = error.message;
      return;
    }
    lastRefusal = undefined;
    if (!found) {
      withoutFormPage = now;
      return;
    }
    clearInterval(timer);
    say(`Form page  ${FOUND_FORM_PAGE} holds a form posting to ${PAGE_PATHS.form} now: stop npm start (Ctrl-C) and start it again to use it; until then ${PAGE_PATHS.form} is the service's own form`);
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
