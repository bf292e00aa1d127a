import { describe, expect, it, jest } from '@jest/globals';
import type { RequestRecord } from '../../../lambdas/http/request-log.js';
import { SERVICE_NAME } from '../../../lambdas/http/service-name.js';
import { capturedOutput } from '../../support/captured-output.js';
import { jsonLines } from '../../support/json-lines.js';

type RequestLog = typeof import('../../../lambdas/http/request-log.js');

const RECORD: RequestRecord = { route: 'POST /api/contact', status: 202, outcome: 'accepted', latencyMs: 41, requestId: 'request-1' };

const output = capturedOutput();

/** The module as a fresh Lambda instance loads it: its first line is a cold start's. */
async function freshRequestLog(): Promise<RequestLog> {
  jest.resetModules();
  return import('../../../lambdas/http/request-log.js');
}

describe('writeRequestLine', () => {
  it('writes one JSON line with the record, the service and the time, and the outcome’s metric in it', async () => {
    const { writeRequestLine } = await freshRequestLog();
    const before = Date.now();
    writeRequestLine(RECORD);

    expect(output.text().endsWith('\n')).toBe(true);
    const lines = jsonLines(output.text());
    expect(lines).toEqual([
      {
        level: 'INFO',
        message: 'request',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        service: SERVICE_NAME,
        coldStart: true,
        ...RECORD,
        _aws: expect.objectContaining({ Timestamp: expect.any(Number) }),
        InquiriesAccepted: 1,
      },
    ]);
    const line = lines[0]!;
    const metricTime = (line._aws as { Timestamp: number }).Timestamp;
    expect(metricTime).toBeGreaterThanOrEqual(before);
    expect(metricTime).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(line.timestamp as string)).toBe(metricTime);
  });

  it('says a cold start on the instance’s first line only', async () => {
    const { writeRequestLine } = await freshRequestLog();
    writeRequestLine(RECORD);
    writeRequestLine({ ...RECORD, requestId: 'request-2' });
    writeRequestLine({ ...RECORD, requestId: 'request-3', outcome: 'served' });

    expect(jsonLines(output.text()).map((line) => [line.requestId, line.coldStart])).toEqual([
      ['request-1', true],
      ['request-2', false],
      ['request-3', false],
    ]);
  });

  it('names an error and its stack frames only when the record has them', async () => {
    const { writeRequestLine } = await freshRequestLog();
    writeRequestLine({ ...RECORD, status: 500, outcome: 'unexpected_error', errorName: 'TypeError', stack: '    at f (x.js:1:1)' });
    writeRequestLine({ ...RECORD, outcome: 'served' });

    const [failed, served] = jsonLines(output.text());
    expect(failed).toMatchObject({ errorName: 'TypeError', stack: '    at f (x.js:1:1)', UnexpectedErrors: 1 });
    expect(served).not.toHaveProperty('errorName');
    expect(served).not.toHaveProperty('stack');
    expect(served).not.toHaveProperty('_aws');
  });

  // The alarms read these lines: no setting meant for a logger's verbosity may turn them off.
  it.each([
    ['POWERTOOLS_LOG_LEVEL', 'SILENT'],
    ['AWS_LAMBDA_LOG_LEVEL', 'ERROR'],
    ['LOG_LEVEL', 'ERROR'],
  ])('is written whatever %s=%s says', async (name, value) => {
    const saved = process.env[name];
    process.env[name] = value;
    try {
      const { writeRequestLine } = await freshRequestLog();
      writeRequestLine(RECORD);
    } finally {
      if (saved === undefined) delete process.env[name];
      else process.env[name] = saved;
    }
    expect(jsonLines(output.text())).toHaveLength(1);
  });
});

describe('writeWarning', () => {
  it('writes a WARN line with the request it belongs to and no metric', async () => {
    const { writeWarning } = await freshRequestLog();
    writeWarning('counter not given back', { requestId: 'request-1', errorName: 'Throttling' });

    expect(jsonLines(output.text())).toEqual([
      {
        level: 'WARN',
        message: 'counter not given back',
        timestamp: expect.any(String),
        service: SERVICE_NAME,
        requestId: 'request-1',
        errorName: 'Throttling',
      },
    ]);
  });
});
