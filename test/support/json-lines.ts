/** The JSON objects among some printed lines (log lines, EMF metrics), in order; other lines are skipped. */
export function jsonLines<T = Record<string, unknown>>(printed: string): T[] {
  return printed
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as T);
}
