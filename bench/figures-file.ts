import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The bench's last figures on this machine, each with when it was measured: `npm run bench`
 * writes them (one section at a time keeps the others), `npm run verify` prints them beside the
 * deployed figures. Kept out of git: a figure belongs to the machine that measured it.
 */
export const FIGURES_FILE = fileURLToPath(new URL('./last-figures.json', import.meta.url));

export interface RecordedFigure {
  readonly value: number;
  /** ISO 8601. */
  readonly measuredAt: string;
}

export type RecordedFigures = Readonly<Record<string, RecordedFigure>>;

/** The figures recorded so far; none when the bench never ran here, or its file is not the bench's. */
export function readFigures(path = FIGURES_FILE): RecordedFigures {
  try {
    const figures: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof figures !== 'object' || figures === null) return {};
    return Object.fromEntries(
      Object.entries(figures).filter(
        (entry): entry is [string, RecordedFigure] =>
          typeof entry[1] === 'object' && entry[1] !== null && typeof entry[1].value === 'number' && typeof entry[1].measuredAt === 'string',
      ),
    );
  } catch {
    return {};
  }
}

/** Records a run's figures over the earlier ones. */
export function recordFigures(figures: Readonly<Record<string, number>>, measuredAt: Date, path = FIGURES_FILE): void {
  const at = measuredAt.toISOString();
  const merged = { ...readFigures(path), ...Object.fromEntries(Object.entries(figures).map(([key, value]) => [key, { value, measuredAt: at }])) };
  writeFileSync(path, `${JSON.stringify(merged, null, 2)}\n`);
}
