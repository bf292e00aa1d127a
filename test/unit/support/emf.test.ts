import { describe, expect, it } from '@jest/globals';
import { embeddedMetrics } from '../../support/emf.js';

/** A valid EMF line, with one directive's parts replaceable. */
function line(directive: Record<string, unknown> = {}, root: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    service: 'svc',
    Hits: 1,
    _aws: {
      Timestamp: 1_795_442_709_312,
      CloudWatchMetrics: [{ Namespace: 'Space', Dimensions: [['service']], Metrics: [{ Name: 'Hits', Unit: 'Count' }], ...directive }],
    },
    ...root,
  };
}

describe('embeddedMetrics', () => {
  it('reads the metrics of a valid line', () => {
    expect(embeddedMetrics(line())).toEqual([
      { namespace: 'Space', name: 'Hits', unit: 'Count', value: 1, dimensions: { service: 'svc' } },
    ]);
  });

  it('finds none in a line without _aws', () => {
    expect(embeddedMetrics({ level: 'INFO', message: 'request' })).toEqual([]);
  });

  it.each([
    ['a Timestamp that is not a number', { _aws: { Timestamp: '2026-11-23', CloudWatchMetrics: [] } }, /Timestamp/],
    ['no namespace', line({ Namespace: '' }), /Namespace/],
    ['a flat dimension set', line({ Dimensions: ['service'] }), /dimension set/],
    ['a dimension that is not a member of the line', line({ Dimensions: [['region']] }), /region is not a member/],
    ['a dimension that is not a string', line({}, { service: 7 }), /dimension service must be a string/],
    ['a metric that is not a member of the line', line({ Metrics: [{ Name: 'Misses' }] }), /Misses is not a member/],
    ['a metric value that is not a number', line({}, { Hits: '1' }), /must be a number/],
  ])('refuses %s, as CloudWatch would', (_title, broken, message) => {
    expect(() => embeddedMetrics(broken)).toThrow(message);
  });
});
