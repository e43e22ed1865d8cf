/**
 * Reads `GET /metrics` as Prometheus would: parsed by a real text-format parser
 * (parse-prometheus-text-format, which throws on a line that breaks the format), then looked up by name
 * and labels. That parser folds a labelled histogram's series into one sample, losing the labels, so a
 * histogram's `_count` and `_sum` series are read from a second parse of the text without its histogram
 * TYPE lines, where each series is a plain one with its labels.
 */
import parsePrometheusTextFormat, {
  type PrometheusFamily,
  type PrometheusSample,
} from 'parse-prometheus-text-format';

export class Scrape {
  readonly families: ReadonlyMap<string, PrometheusFamily>;
  /** Every series on its own, histograms' `_bucket`, `_count` and `_sum` included. */
  readonly #series: ReadonlyMap<string, PrometheusFamily>;

  constructor(readonly text: string) {
    this.families = byName(parsePrometheusTextFormat(text));
    this.#series = seriesByName(parsePrometheusTextFormat(text.replace(/^# TYPE \S+ histogram\n/gm, '')));
  }

  family(name: string): PrometheusFamily {
    const family = this.families.get(name);
    if (!family) throw new Error(`no metric ${name} in the scrape`);
    return family;
  }

  /** The sample of `name` whose labels include `labels`; undefined when there is none. */
  sample(name: string, labels: Record<string, string> = {}): PrometheusSample | undefined {
    return this.family(name).metrics.find((sample) =>
      Object.entries(labels).every(([label, value]) => sample.labels?.[label] === value),
    );
  }

  /** A counter's or gauge's value (0 when the labelled sample does not exist yet). */
  value(name: string, labels: Record<string, string> = {}): number {
    return Number(this.sample(name, labels)?.value ?? 0);
  }

  /** A histogram's count (0 when the labelled series does not exist yet). */
  count(name: string, labels: Record<string, string> = {}): number {
    return this.#seriesValue(`${name}_count`, labels);
  }

  /** A histogram's sum (0 when the labelled series does not exist yet). */
  sum(name: string, labels: Record<string, string> = {}): number {
    return this.#seriesValue(`${name}_sum`, labels);
  }

  #seriesValue(name: string, labels: Record<string, string>): number {
    const found = this.#series
      .get(name)
      ?.metrics.find((sample) =>
        Object.entries(labels).every(([label, value]) => sample.labels?.[label] === value),
      );
    return Number(found?.value ?? 0);
  }
}

function byName(families: PrometheusFamily[]): Map<string, PrometheusFamily> {
  return new Map(families.map((family) => [family.name, family]));
}

/** Without TYPE lines, each label set of a histogram parses as families of its own: joined by name. */
function seriesByName(families: PrometheusFamily[]): Map<string, PrometheusFamily> {
  const joined = new Map<string, PrometheusFamily>();
  for (const family of families) {
    const seen = joined.get(family.name);
    joined.set(family.name, seen ? { ...seen, metrics: [...seen.metrics, ...family.metrics] } : family);
  }
  return joined;
}
