/** One metric a log line holds in CloudWatch's embedded metric format. */
export interface EmbeddedMetric {
  readonly namespace: string;
  readonly name: string;
  readonly unit: string | undefined;
  readonly value: unknown;
  /** Each dimension's name and the value the line gives it. */
  readonly dimensions: Readonly<Record<string, unknown>>;
}

/**
 * The metrics CloudWatch Logs would extract from a log line, read by the rules of the EMF
 * specification (docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html):
 * `_aws` with a numeric `Timestamp` and `CloudWatchMetrics` directives, each naming a namespace,
 * dimension sets (arrays of names of string members of the line's root) and metrics whose names are
 * numeric members of the root. Throws where a line breaks one, as CloudWatch would drop its metrics.
 */
export function embeddedMetrics(line: Readonly<Record<string, unknown>>): EmbeddedMetric[] {
  const metadata = line._aws as { Timestamp?: unknown; CloudWatchMetrics?: unknown } | undefined;
  if (metadata === undefined) return [];
  if (typeof metadata.Timestamp !== 'number') throw new Error('_aws.Timestamp must be a number of milliseconds');
  if (!Array.isArray(metadata.CloudWatchMetrics)) throw new Error('_aws.CloudWatchMetrics must be an array');
  return (metadata.CloudWatchMetrics as Array<Record<string, unknown>>).flatMap((directive) => {
    const { Namespace, Dimensions, Metrics } = directive;
    if (typeof Namespace !== 'string' || Namespace === '') throw new Error('a directive needs a Namespace');
    if (!Array.isArray(Dimensions) || !Array.isArray(Metrics)) throw new Error('a directive needs Dimensions and Metrics arrays');
    const rootMember = (name: unknown) => {
      if (typeof name !== 'string' || !(name in line)) throw new Error(`${String(name)} is not a member of the line`);
      return line[name];
    };
    if (!Dimensions.every((set) => Array.isArray(set) && set.length > 0)) throw new Error('each dimension set must be an array of names');
    const dimensions = Object.fromEntries(
      (Dimensions as unknown[][]).flat().map((name) => {
        const value = rootMember(name);
        if (typeof value !== 'string') throw new Error(`dimension ${String(name)} must be a string`);
        return [name, value];
      }),
    );
    return (Metrics as Array<{ Name?: unknown; Unit?: unknown }>).map(({ Name, Unit }) => {
      const value = rootMember(Name);
      if (typeof value !== 'number' && !(Array.isArray(value) && value.every((item) => typeof item === 'number'))) {
        throw new Error(`metric ${String(Name)} must be a number or an array of numbers`);
      }
      return { namespace: Namespace, name: String(Name), unit: Unit as string | undefined, value, dimensions };
    });
  });
}
