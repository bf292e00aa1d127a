/** The nearest-rank percentile `p` (0–100) of some figures; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}
