/** The types of parse-prometheus-text-format 1.x (the package ships none), as its README documents them. */
declare module 'parse-prometheus-text-format' {
  export interface PrometheusSample {
    readonly value?: string;
    readonly labels?: Readonly<Record<string, string>>;
    /** Histograms: cumulative counts by upper bound (`le`). */
    readonly buckets?: Readonly<Record<string, string>>;
    readonly count?: string;
    readonly sum?: string;
  }
  export interface PrometheusFamily {
    readonly name: string;
    readonly help: string;
    readonly type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    readonly metrics: readonly PrometheusSample[];
  }
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
