import { DEPLOY_COMMAND } from '../deploy-command.js';
import { mediaType, type Answer } from './http-probe.js';

/** An answer that is not the one expected: who most likely gave it, and what to do. */
export interface Diagnosis {
  readonly detail: string;
  readonly fix: string;
}

/**
 * Who gave an unexpected answer, read from what each party sends: the service's problem JSON and
 * its code, API Gateway's own `{"message":…}`, S3's XML error, CloudFront's error page, the
 * site's own HTML 404 page.
 */
export function diagnose(answer: Answer): Diagnosis {
  const type = clip(mediaType(answer)) || 'no content type';
  const said = `${answer.status} ${type}`;
  const problem = problemCode(answer);
  if (answer.status === 403 && problem === 'forbidden') {
    return {
      detail: `${said}, the service's forbidden: the API refused the front door's secret`,
      fix: `the distribution's X-Origin-Verify and the functions' differ; right after a secret rotation wait a few minutes, else ${DEPLOY_COMMAND}`,
    };
  }
  if (answer.status === 403 && apiGatewayMessage(answer) !== undefined) {
    return {
      detail: `${said}, API Gateway's own ${JSON.stringify(clip(apiGatewayMessage(answer)!))}: the request reached API Gateway with a Host of the viewer's`,
      fix: `API Gateway refuses a foreign Host; the front door must send the API no viewer Host (AWS's managed policies, docs/api.md §10): ${DEPLOY_COMMAND}`,
    };
  }
  const s3Code = /<Code>([A-Za-z]{1,60})<\/Code>/.exec(answer.body)?.[1];
  if (type === 'application/xml' && s3Code !== undefined) {
    return {
      detail: `${said}, S3's ${s3Code}: the front door sent this path to your pages' bucket`,
      fix: `the service's paths must reach the API before your pages: ${DEPLOY_COMMAND}`,
    };
  }
  if (answer.status === 429) {
    return { detail: `${said}: too many requests`, fix: 'the edge flood guard, the stage throttle or the contact limits refused it: run again in a few minutes' };
  }
  // A gateway's error that is neither the service's problem nor API Gateway's: the front door had no answer from the
  // origin it fetched the path from, an existing site's host (siteOrigin) most likely; the preview says which in its body.
  if ((answer.status === 502 || answer.status === 504) && problem === undefined && apiGatewayMessage(answer) === undefined) {
    const told = type === 'text/plain' && answer.body.trim() !== '' ? ` ${JSON.stringify(clip(answer.body.trim().split('\n')[0]!, 120))}` : '';
    return {
      detail: `${said}${told}: the front door had no answer from where it fetches this path`,
      fix: 'with siteOrigin, check that your host answers it (curl -sI, at its own address); else the alarms below and the Logs<Handler> outputs say why',
    };
  }
  if (answer.status >= 500) {
    return {
      detail: `${said}${problem === undefined ? '' : ` (${problem})`}: the service failed`,
      fix: 'the alarms below and the Logs<Handler> outputs (each function\'s log group) say why',
    };
  }
  if (problem === 'not_found') {
    return { detail: `${said}, the service's not_found: the API has no such route`, fix: `this deployment is older than the project: ${DEPLOY_COMMAND}` };
  }
  if (answer.status === 404 && type === 'text/html') {
    return { detail: `${said}: your site's 404 page answered, not the service`, fix: `the front door sent this path to your pages: ${DEPLOY_COMMAND}` };
  }
  if (/cloudfront/i.test(answer.headers.get('server') ?? '') && answer.status >= 400) {
    return {
      detail: `${said}, from CloudFront itself`,
      fix: 'a new distribution takes a few minutes to reach every edge; a web ACL refuses addresses on AWS\'s reputation list: try from another network',
    };
  }
  return { detail: said, fix: `the front door does not serve this path as this version of the project does: ${DEPLOY_COMMAND}` };
}

/** What a server wrote, cut to a length that fits a line: an answer chooses its own lengths. */
export function clip(text: string, length = 60): string {
  return text.length <= length ? text : `${text.slice(0, length)}…`;
}

/** The `code` of the service's problem JSON (docs/api.md §1), or undefined for any other answer. */
export function problemCode(answer: Answer): string | undefined {
  if (mediaType(answer) !== 'application/problem+json') return undefined;
  const code = parsedObject(answer.body)?.code;
  return typeof code === 'string' ? clip(code) : undefined;
}

/** API Gateway's own error body, `{"message":"Forbidden"}`: its message. */
function apiGatewayMessage(answer: Answer): string | undefined {
  const body = parsedObject(answer.body);
  return body !== undefined && Object.keys(body).length === 1 && typeof body.message === 'string' ? body.message : undefined;
}

function parsedObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
