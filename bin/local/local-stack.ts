import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { readAgentSettings } from '../../lambdas/config.js';
import { failureInWords } from '../aws-failure.js';
import { ORIGIN_VERIFY_DIGESTS } from '../../lambdas/http/origin-verify.js';
import { INBOX_PARTITION_KEY, PENDING_STREAM_FILTER } from '../../lambdas/inbox/inquiry-record.js';
import { terminalText } from '../../lambdas/inbox/visitor-text.js';
import { HANDLER_NAMES, type HandlerName } from '../../lambdas/routes.js';
import { existingSiteFrontDoor, siteFrontDoor } from '../../lib/edge/front-door-request.js';
import { answeringContactPages, otherFormPages } from '../../lib/settings/contact-pages.js';
import { BUNDLED_FORM_PAGE } from '../../lib/settings/form-page.js';
import { ApiGate } from './api-gate.js';
import { answeringWith, apiGateway, sayingOnceAt429, type HandlerSet, type LambdaHttpHandler } from './api-server.js';
import { startDeliveryWorker, type LocalDeliveryWorker } from './delivery-worker.js';
import { stopLine, unsentInquiries } from './dropped-inquiries.js';
import { ensureCounterTable, ensureInquiryTable, listen, running, startDynamoEmulator, startSesEmulator, type RunningServer } from './emulators.js';
import { EMULATOR_HOST } from './local-origins.js';
import { SITE_DIR } from '../../lib/settings/preview-settings.js';
import { LOCAL_INQUIRY_TABLE } from '../local-tables.js';
import { functionEnvironment, LOCAL_KEYS, localBaseUrl, type LocalSettings } from './settings.js';
import { limitSpentLine } from './site-banner.js';
import { siteDoorListener } from './site-door.js';
import { startFormPageCopy, startOwnLlmsTxtCopy, withFreshCopies, type SiteFileCopy } from './site-file-copy.js';
import { startTableStream, STOP_DRAIN_MS, type TableStream } from './table-stream.js';

/** Creating the table must not hang on an outside endpoint that never answers. */
const SETUP_CLIENT = {
  maxAttempts: 1,
  requestHandler: { connectionTimeout: 1000, requestTimeout: 2000, throwOnRequestTimeout: true },
};

export interface LocalStack {
  readonly baseUrl: string;
  /** Where the API server listens (BASE_URL may name another host for the same server). */
  readonly apiUrl: string;
  /** The SES emulator (mailbox at `/`, JSON at `/store`), or the outside SES endpoint. */
  readonly mailUrl: string;
  /** Where the functions reach DynamoDB (dynalite, or the outside endpoint) through the inquiry stream stand-in. */
  readonly dynamoUrl: string;
  /** Problems that local mode works around, for the console. */
  readonly warnings: readonly string[];
  /**
   * Answers the requests in flight (for a few seconds at most), then stops every server; says what
   * the in-memory tables held unsent when they went (docs/api.md §7).
   */
  close(): Promise<string>;
}

/**
 * Starts the emulators that no outside endpoint replaces, then the API server over the Lambda
 * handlers, which read their settings from process.env exactly as they do in Lambda.
 */
export async function startLocalStack(settings: LocalSettings): Promise<LocalStack> {
  const emulators: RunningServer[] = [];
  const gate = new ApiGate();
  let api: RunningServer | undefined;
  let worker: LocalDeliveryWorker | undefined;
  let stream: TableStream | undefined;
  /** The form page's copy first, then the other contact pages'. */
  const formPageCopies: SiteFileCopy[] = [];
  let ownLlmsTxtCopy: SiteFileCopy | undefined;
  // The API first, then the worker and the stream that feeds it: no request, and no delivery, may
  // reach an emulator that is already gone.
  let inMemoryTables: string | undefined;
  const closeAll = async (): Promise<string> => {
    await (api === undefined ? undefined : gate.stop());
    await worker?.close();
    await stream?.close();
    // Counted once nothing moves any more, just before the tables go.
    const dropped = inMemoryTables === undefined ? 'outside' : await countUnsent(inMemoryTables);
    await Promise.all([...emulators.map((emulator) => emulator.close()), ...formPageCopies.map((copy) => copy.close()), ownLlmsTxtCopy?.close()]);
    return stopLine(dropped);
  };
  try {
    // Listening first: a request that comes while the rest starts is held, never left hanging.
    await listen(gate.server, settings.host, settings.port, 'PORT');
    api = running(gate.server, settings.host);
    // The API alone listens on HOST: the emulators keep to loopback (EMULATOR_HOST).
    const dynamo = settings.dynamoEndpoint ?? (await track(emulators, startDynamoEmulator(EMULATOR_HOST))).url;
    if (settings.dynamoEndpoint === undefined) inMemoryTables = dynamo;
    const ses = settings.sesEndpoint ?? (await track(emulators, startSesEmulator(EMULATOR_HOST, settings.sesPort))).url;

    const agents = { settings: readAgentSettings(process.env), baseUrl: localBaseUrl(process.env, api.port) };
    const door =
      settings.siteDir !== undefined
        ? siteFrontDoor(settings.siteDir, SITE_DIR, { agents, ...(settings.formPage === undefined ? {} : { formPage: settings.formPage.path }) })
        : settings.siteOrigin !== undefined
          ? existingSiteFrontDoor(settings.siteOrigin, { agents })
          : undefined;
    // The form page and the other contact pages the contact function answers in, as a deployment bundles them.
    const { answering } = answeringContactPages(settings.formPage, settings.otherContactPages);
    const answeringCopies: SiteFileCopy[] = [];
    if (door !== undefined && settings.formPage !== undefined) {
      formPageCopies.push(await startFormPageCopy(door, settings.formPage.path, BUNDLED_FORM_PAGE));
      for (const page of answering) answeringCopies.push(await startFormPageCopy(door, page.path, page.bundled));
      formPageCopies.push(...answeringCopies);
    }
    if (settings.siteDir !== undefined) ownLlmsTxtCopy = await startOwnLlmsTxtCopy(settings.siteDir);
    const [formPageCopy] = formPageCopies;
    const environment = functionEnvironment(process.env, {
      ...settings,
      port: api.port,
      ...(formPageCopy === undefined ? {} : { formPageFile: formPageCopy.file }),
      otherFormPages: otherFormPages(answering.slice(0, answeringCopies.length), (_page, index) => answeringCopies[index]?.file ?? ''),
      ...(ownLlmsTxtCopy === undefined ? {} : { ownLlmsTxtFile: ownLlmsTxtCopy.file }),
    });
    // The functions reach DynamoDB through the stand-in of the inquiry table's stream, which hands
    // the worker what the stack's event source mapping would.
    stream = await startTableStream({
      target: dynamo,
      host: EMULATOR_HOST,
      port: settings.dynamoPort,
      tableName: environment.INQUIRY_TABLE as string,
      keyAttribute: INBOX_PARTITION_KEY,
      filter: PENDING_STREAM_FILTER,
      consume: (event) => worker?.consume(event) ?? Promise.resolve(),
      stopDrainMs: STOP_DRAIN_MS,
    });

    // The local server plays the front door, with the header of this start's keys; the handlers
    // hold only its digests, whatever the environment says.
    Object.assign(process.env, environment, {
      [ORIGIN_VERIFY_DIGESTS]: LOCAL_KEYS.originVerifyDigests,
      AWS_ENDPOINT_URL_DYNAMODB: stream.url,
      AWS_ENDPOINT_URL_SESV2: ses,
      // The digest's redeliver hint names it, as the banner's Inbox line does.
      OWNER_INBOX_ENDPOINT: stream.url,
      // The emulators accept any credentials; the SDK only needs some, and a region.
      AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
    });
    const warnings: string[] = [];
    try {
      // The tables themselves, not the stream's stand-in before them: an outside store that does not answer is said as it failed.
      const setup = new DynamoDBClient({ ...SETUP_CLIENT, endpoint: dynamo });
      await ensureCounterTable(setup, process.env.COUNTER_TABLE as string);
      await ensureInquiryTable(setup, process.env.INQUIRY_TABLE as string);
    } catch (error) {
      // An outside store that is down must not stop local mode: POSTs then fail closed (503).
      if (settings.dynamoEndpoint === undefined) throw error;
      warnings.push(
        `Warning: the tables could not be created at ${dynamo} (${failureInWords(error, 'it')}); POSTs answer 503 until it can.`,
      );
    }
    const handlers = await importHandlers();
    worker = await startDeliveryWorker({ digestSeconds: settings.digestSeconds });
    const handlersGateway = apiGateway(handlers, LOCAL_KEYS.originVerify);
    const say = (line: string) => console.log(terminalText(line));
    const gateway = sayingOnceAt429(
      withFreshCopies(handlersGateway, { formPages: formPageCopies, ...(ownLlmsTxtCopy === undefined ? {} : { ownLlmsTxt: ownLlmsTxtCopy }) }),
      limitSpentLine(settings.limits),
      say,
    );
    gate.ready(door === undefined ? answeringWith(gateway) : siteDoorListener(gateway, door, say));

    return {
      baseUrl: process.env.BASE_URL as string,
      apiUrl: api.url,
      mailUrl: ses,
      dynamoUrl: stream.url,
      warnings,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** The inquiries of local mode's in-memory table not yet sent, by state; `uncounted` if the table cannot be read. */
async function countUnsent(endpoint: string): Promise<Awaited<ReturnType<typeof unsentInquiries>> | 'uncounted'> {
  const client = new DynamoDBClient({ ...SETUP_CLIENT, endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    return await unsentInquiries(client, process.env.INQUIRY_TABLE ?? LOCAL_INQUIRY_TABLE);
  } catch {
    return 'uncounted';
  } finally {
    client.destroy();
  }
}

async function track(emulators: RunningServer[], starting: Promise<RunningServer>): Promise<RunningServer> {
  const emulator = await starting;
  emulators.push(emulator);
  return emulator;
}

/** The handler of each route group, from the same files Lambda bundles. */
async function importHandlers(): Promise<HandlerSet> {
  const entries = await Promise.all(
    HANDLER_NAMES.map(async (name): Promise<[HandlerName, LambdaHttpHandler]> => {
      const module = (await import(`../../lambdas/${name}/handler.js`)) as { handler: LambdaHttpHandler };
      return [name, module.handler];
    }),
  );
  return Object.fromEntries(entries) as HandlerSet;
}
