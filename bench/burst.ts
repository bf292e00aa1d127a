/**
 * A burst through the local server (loopback only): autocannon keeps 50 connections busy with
 * contact POSTs, each a text of its own. Once with limits high enough that every inquiry is
 * accepted (the visitor's whole path: validation, counters, spam checks, the inquiry's put; the
 * delivery worker mails them meanwhile, in the same process), once with the default limits, where
 * nearly all are refused (429).
 */
import autocannon from 'autocannon';
import { startLocalServer } from '../test/support/local-server.js';
import { benchMessage } from './bare-inquiry.js';

const REQUESTS = 2000;
const CONNECTIONS = 50;

export async function benchBurst(): Promise<Record<string, number>> {
  const accepted = await burst('accepted', { RATE_LIMIT_IP: '10000', RATE_LIMIT_EMAIL: '10000', MAX_MAILS_PER_HOUR: '0' });
  const limited = await burst('limited', {});
  return { ...accepted, ...limited };
}

async function burst(label: string, env: Record<string, string>): Promise<Record<string, number>> {
  const server = await startLocalServer(env);
  try {
    let sequence = 0;
    const started = performance.now();
    const result = await autocannon({
      url: `${server.apiUrl}/api/contact`,
      connections: CONNECTIONS,
      amount: REQUESTS,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => {
            const visitor = sequence++;
            return { ...request, body: JSON.stringify({ name: 'Burst Visitor', email: `burst${visitor}@example.com`, message: benchMessage(visitor) }) };
          },
        },
      ],
    });
    // autocannon's own duration is rounded to whole seconds: time the burst here.
    const seconds = (performance.now() - started) / 1000;
    const statuses = Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([status, { count }]) => [`burst.${label}.status_${status}`, count]),
    );
    return {
      [`burst.${label}.requests`]: result.requests.total,
      [`burst.${label}.rps`]: Math.round(result.requests.total / seconds),
      [`burst.${label}.p50_ms`]: result.latency.p50,
      [`burst.${label}.p99_ms`]: result.latency.p99,
      [`burst.${label}.errors`]: result.errors + result.timeouts,
      ...statuses,
    };
  } finally {
    await server.stop();
  }
}
