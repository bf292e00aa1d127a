import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFigures, recordFigures } from '../../../bench/figures-file.js';

/* The bench's last figures on this machine, which npm run verify prints beside the deployed ones. */

const file = () => join(mkdtempSync(join(tmpdir(), 'figures-')), 'last-figures.json');

describe('the bench figures file', () => {
  it('keeps each figure with when it was measured, a later section over the earlier ones', () => {
    const path = file();
    recordFigures({ 'cold.contact.floor_ms': 150, 'contact.p50_ms': 4 }, new Date('2026-11-20T00:00:00Z'), path);
    recordFigures({ 'cold.contact.floor_ms': 140 }, new Date('2026-11-21T00:00:00Z'), path);

    expect(readFigures(path)).toEqual({
      'cold.contact.floor_ms': { value: 140, measuredAt: '2026-11-21T00:00:00.000Z' },
      'contact.p50_ms': { value: 4, measuredAt: '2026-11-20T00:00:00.000Z' },
    });
  });

  it('reads none from a missing file, one that is not JSON, or entries that are not figures', () => {
    const path = file();
    expect(readFigures(path)).toEqual({});
    writeFileSync(path, 'not json');
    expect(readFigures(path)).toEqual({});
    writeFileSync(path, JSON.stringify({ a: { value: '1', measuredAt: 'x' }, b: { value: 2, measuredAt: '2026-11-21T00:00:00.000Z' }, c: null }));
    expect(readFigures(path)).toEqual({ b: { value: 2, measuredAt: '2026-11-21T00:00:00.000Z' } });
  });
});
