/**
 * `npm start`: the whole API on http://localhost:3000 with DynamoDB (dynalite) and SES
 * (aws-ses-v2-local) emulated in this process; no AWS account needed.
 */
import { join } from 'node:path';
import { ConfigError, readAgentSettings, readSpamSettings } from '../lambdas/config.js';
import { FLAT_FORM_PAGE } from '../lambdas/html/page-paths.js';
import { terminalText } from '../lambdas/inbox/visitor-text.js';
import { frontDoorRouting, pagesWithoutHtml, unlistedPagesNote } from '../lib/edge/front-door-function.js';
import { agentFiles } from '../lib/pages/agent-files.js';
import { siteFiles, siteFolderNotes } from '../lib/pages/site-files.js';
import { builtForAnotherAddressNote } from '../lib/pages/sitemap-address.js';
import { answeringContactPages } from '../lib/settings/contact-pages.js';
import { FOUND_FORM_PAGE, formPageCandidate, formPageNotes, readOtherContactPage, type FormPage } from '../lib/settings/form-page.js';
import { readSettingsFile } from '../lib/settings/settings-file.js';
import { failureInWords } from './aws-failure.js';
import { STOP_GRACE_MS } from './local/api-gate.js';
import { watchFormPage } from './local/form-page-watch.js';
import { ListenError } from './local/listen-error.js';
import { siteFormPageLine } from './local/site-form-page-check.js';
import { wildcardListening } from './local/local-origins.js';
import { inSettingsFileWords, settingsFileVariables, SITE_DIR } from '../lib/settings/preview-settings.js';
import { localExtraFields, localSiteFolder, readLocalContactPages, readLocalFormPage, readLocalSettings, settingsFileOrigins } from './local/settings.js';
import { digestBannerLine, limitsBannerLine, mailBannerLine, settingsBannerLine, settingSource, siteBannerLines, siteOriginBannerLine, siteOriginBesideSiteDirLine } from './local/site-banner.js';

/** What the emulators' lines say of where they listen (EMULATOR_HOST), which HOST never widens. */
const LOOPBACK_ONLY = 'on loopback only, whatever HOST';

let fileKeys: readonly string[] = [];
try {
  // The handlers read process.env, as in Lambda: the settings file's shared keys go there.
  const file = readSettingsFile();
  const fromFile = settingsFileVariables(process.env, file);
  fileKeys = fromFile.keys;
  Object.assign(process.env, fromFile.variables);
  const settings = readLocalSettings(process.env, file.settings);
  // What the owner set, before the stack fills in the functions' environment with local mode's own.
  const ownerEnv = { ...process.env };
  const sayWatched = (line: string) => console.log(terminalText(inSettingsFileWords(line, fromFile.keys, ownerEnv)));
  // From the page as start-up read it: an edit while the rest starts is one too.
  const siteDir = settings.siteDir;
  const watchedFormPages =
    siteDir === undefined
      ? []
      : settings.formPage !== undefined
        ? [{ path: settings.formPage.path, file: settings.formPage.file, used: true, successPath: settings.formSuccessPath?.path, notes: formPageNotes(settings.formPage) }]
        : formPagePlaces(siteDir).map((page) => ({ ...page, used: false }));
  const formPageWatches = watchedFormPages.map((page) =>
    watchFormPage(
      page,
      () => {
        // The form page's own checks: another contact page's are its own watch's (below).
        const now = readLocalFormPage(ownerEnv, file.settings);
        // A place not in use finds a form page of its own, not the other place's.
        const found = page.used ? now.formPage !== undefined : now.formPage?.path === page.path;
        return { found, successPath: now.formSuccessPath?.path, notes: now.formPage === undefined ? '' : formPageNotes(now.formPage) };
      },
      sayWatched,
    ),
  );
  // The other contact pages answer their own posts as the form page answers its.
  const siteFolder = localSiteFolder(ownerEnv, file.settings);
  const { answering } = answeringContactPages(settings.formPage, settings.otherContactPages);
  // The pages answering their own posts are the first of the other contact pages, in their order.
  const otherPageWatches = settings.otherContactPages.slice(0, answering.length).map((page) => {
    const successPath = page.successPath ?? settings.formSuccessPath?.path;
    return watchFormPage(
      { other: true, path: page.path, file: page.file, used: true, successPath, notes: formPageNotes(page) },
      () => {
        const now = siteFolder === undefined ? undefined : readOtherContactPage(siteFolder, page.path, page.file);
        return { found: now !== undefined, successPath: now?.successPath ?? settings.formSuccessPath?.path, notes: now === undefined ? '' : formPageNotes(now) };
      },
      sayWatched,
    );
  });
  // The page the banner names as posting to a form service, which the owner is to point at /contact.
  const servicePage = settings.formServicePages?.[0];
  const servicePageWatch =
    servicePage === undefined || servicePage.path === FOUND_FORM_PAGE
      ? undefined
      : watchFormPage(
          { path: servicePage.path, file: servicePage.file, used: false, setting: `"formPage": ${JSON.stringify(servicePage.path)}` },
          () => ({ found: readLocalContactPages(ownerEnv, file.settings).includes(servicePage.path) }),
          sayWatched,
        );
  // The existing site's form page, which synth cannot read, fetched while the rest starts.
  const siteFormPageCheck =
    settings.siteOrigin === undefined || settings.siteFormPage === undefined
      ? undefined
      : siteFormPageLine(settings.siteOrigin, settings.siteFormPage, {
          // The deployment's own names, which the answer's policy takes as 'self': not siteOrigin's.
          ownOrigins: settingsFileOrigins(file.settings),
          extraFields: localExtraFields(ownerEnv),
          thanks: settings.formSuccessPath?.path,
        });
  // Only now the emulators, the handlers and the SDK (over a second): a start its settings stop says so at once.
  const [{ startLocalStack }, { STOP_DRAIN_MS }] = await Promise.all([import('./local/local-stack.js'), import('./local/table-stream.js')]);
  const stack = await startLocalStack(settings);
  const siteFormPageChecked = siteFormPageCheck === undefined ? undefined : terminalText(inSettingsFileWords(await siteFormPageCheck, fromFile.keys, ownerEnv));
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A terminal's Ctrl-C reaches this process twice (from the terminal, and relayed by npm): only
    // the first starts the stop, and the stop is bounded anyway: STOP_GRACE_MS for the requests,
    // STOP_DRAIN_MS for the inquiries stored, then the delivery under way, which the worker's own time limits bound.
    if (stopping) return;
    stopping = true;
    for (const watch of formPageWatches) watch.stop();
    for (const watch of otherPageWatches) watch.stop();
    servicePageWatch?.stop();
    console.log(
      `${signal}: stopping. Answering the requests in flight (${STOP_GRACE_MS / 1000} s at most), then mailing the inquiries already stored (${STOP_DRAIN_MS / 1000} s at most), then finishing the mail under way...`,
    );
    stack.close().then(
      (line) => {
        console.log(line);
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  // Before "Ready": whoever waits for that line may interrupt at once.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const settingsLine = settingsBannerLine(file, fromFile.keys);
  const siteOriginLine = siteOriginBannerLine(settings.siteOrigin);
  console.log(
    [
      `API        ${stack.apiUrl}  (${[`BASE_URL ${stack.baseUrl}`, wildcardListening(settings.host)].filter(Boolean).join('; ')})`,
      ...(settingsLine === undefined ? [] : [settingsLine]),
      // In the settings file's words, as synth says them of siteDir.
      ...(settings.siteDir === undefined
        ? (siteOriginLine === undefined ? [] : [siteOriginLine])
        : [
            ...siteLines(settings.siteDir, stack.baseUrl, settingSource('siteDir', fromFile.keys), settings.formPage, file.settings.siteOrigin === undefined).map((line) => inSettingsFileWords(line, fromFile.keys, ownerEnv)),
            ...[siteOriginBesideSiteDirLine(file.settings.siteOrigin, file.settings.formPage)].filter((line) => line !== undefined),
          ]),
      ...siteBannerLines(ownerEnv, settings, fromFile.keys, siteFormPageChecked),
      limitsBannerLine(ownerEnv, settings.limits, fromFile.keys),
      mailBannerLine(ownerEnv, fromFile.keys, settings.sesEndpoint === undefined),
      `Mailbox    ${stack.mailUrl}  (${settings.sesEndpoint ? 'outside SES endpoint' : `SES emulator, ${LOOPBACK_ONLY}; sent mail as JSON at /store; a name with accents shows there as sent, =?UTF-8?B?…?=, which mail programs decode`})`,
      `DynamoDB   ${stack.dynamoUrl}  (${settings.dynamoEndpoint ? `your ${settings.dynamoEndpoint} (AWS_ENDPOINT_URL_DYNAMODB) behind it, which keeps the inquiries` : 'dynalite, in memory: a stop loses every inquiry; to keep them, run npx dynalite --host 127.0.0.1 --port 8010 --path .inbox beside npm start (a store of its own, on a port of its own), and start it with AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:8010'}; the inquiry table's stream played in front, ${LOOPBACK_ONLY})`,
      `Inbox      npm run inbox -- --endpoint ${stack.dynamoUrl}  (--text for what visitors wrote; npm run redeliver and npm run forget take the same option)`,
      digestBannerLine(settings.digestSeconds, readSpamSettings(process.env).repeatLimit),
      ...stack.warnings,
      'Ready. Press Ctrl-C to stop.',
    ].join('\n'),
  );
} catch (error) {
  // A setting, a port, or whatever else stopped it: one line, never an error's class name.
  const why = error instanceof ConfigError ? inSettingsFileWords(error.message, fileKeys, process.env) : error instanceof ListenError ? error.message : failureInWords(error);
  console.error(`Cannot start: ${terminalText(why)}`);
  process.exit(1);
}

/**
 * Where the site comes from, what of it is not published (or a home page it lacks), and what of the owner's the agent-readiness
 * scanners would miss (docs/api.md §16), as synth says it of siteDir; `deployed` false for a build of
 * a site that stays at its host (siteOrigin), whose host answers a missing page.
 */
function siteLines(siteDir: string, baseUrl: string, source: string, formPage: FormPage | undefined, deployed: boolean): string[] {
  const site = siteFiles(siteDir);
  const agents = readAgentSettings(process.env);
  const paths = [...site.files.keys()];
  const routing = frontDoorRouting(paths, { setting: SITE_DIR, markdown: agents.markdown, formPage: formPage?.path });
  const unlisted = unlistedPagesNote(SITE_DIR, paths, routing.site);
  const builtFor = builtForAnotherAddressNote(site, new URL(baseUrl).origin, formPage?.loadedOrigins ?? [], SITE_DIR);
  return [
    `Site       ${siteDir}  (${source}, at the same origin, as the deployed front door serves siteDir)`,
    ...(builtFor === undefined ? [] : [builtFor]),
    ...siteFolderNotes(SITE_DIR, site, { deployed }),
    ...(unlisted === undefined ? [] : [unlisted]),
    ...agentFiles(site, agents, baseUrl, pagesWithoutHtml(paths, routing), SITE_DIR).notes,
  ];
}

/** Where a form page would be found in the site's folder, watched until one holds a form: the page there is, else each place a generator may write one. */
function formPagePlaces(siteDir: string): { readonly path: string; readonly file: string }[] {
  const candidate = formPageCandidate({ folder: siteDir, setting: SITE_DIR });
  if (candidate !== undefined) return [candidate];
  return [
    { path: FOUND_FORM_PAGE, file: join(siteDir, FOUND_FORM_PAGE, 'index.html') },
    { path: FLAT_FORM_PAGE, file: join(siteDir, FLAT_FORM_PAGE) },
  ];
}
