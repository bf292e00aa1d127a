/**
 * A burst through the local server (loopback only): autocannon keeps 50 connections busy with
 * contact POSTs. Once with limits high enough that every inquiry is delivered (the whole path:
 * validation, counters, SES), once with the default limits, where nearly all are refused (429).
 */
import autocannon from 'autocannon';
import { startLocalServer } from '../test/support/local-server.js';

const REQUESTS = 2000;
const CONNECTIONS = 50;

export async function benchBurst(): Promise<Record<string, number>> {
  const accepted = await burst('accepted', { RATE_LIMIT_IP: '10000', RATE_LIMIT_EMAIL: '10000' });
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
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              name: 'Burst Visitor',
              email: `burst${sequence++}@example.com`,
              message: 'One of many inquiries sent at once, to measure the service.',
            }),
          }),
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
