/** The parser ships no types: it turns Prometheus' text format into metric families. */
declare module "parse-prometheus-text-format" {
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
