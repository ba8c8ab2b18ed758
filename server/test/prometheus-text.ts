/**
 * Prometheus text format 0.0.4, read the way Prometheus reads it, for tests: every sample line
 * (`name{label="value",…} number`, label values with `\\`, `\"` and `\n` escapes) and the
 * `# TYPE` of each family. A line it cannot read throws: a scrape Prometheus would refuse fails
 * the test. (npm's parse-prometheus-text-format folds a histogram's labelled series into one.)
 */
export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Scrape = { types: Map<string, string>; samples: Sample[] };

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\["\\n])*)"(,?)/;

export function parsePrometheusText(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
      if (type) types.set(type[1]!, type[2]!);
      else if (!line.startsWith('# HELP ')) throw new Error(`unreadable comment: ${line}`);
      continue;
    }
    const name = NAME.exec(line)?.[0];
    if (!name) throw new Error(`no metric name: ${line}`);
    let rest = line.slice(name.length);
    const labels: Record<string, string> = {};
    if (rest.startsWith('{')) {
      rest = rest.slice(1);
      while (!rest.startsWith('}')) {
        const m = LABEL.exec(rest);
        if (!m) throw new Error(`unreadable labels: ${line}`);
        labels[m[1]!] = m[2]!.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
        rest = rest.slice(m[0].length);
        if (!m[3] && !rest.startsWith('}')) throw new Error(`unreadable labels: ${line}`);
      }
      rest = rest.slice(1);
    }
    const value = /^ (\S+)( -?\d+)?$/.exec(rest)?.[1];
    const number = value === '+Inf' ? Infinity : value === '-Inf' ? -Infinity : Number(value);
    // Prometheus reads NaN in any case (Go's ParseFloat); prom-client writes `Nan`, e.g. for the
    // event-loop lag before its first sample.
    if (value === undefined || (Number.isNaN(number) && value.toLowerCase() !== 'nan'))
      throw new Error(`unreadable value: ${line}`);
    samples.push({ name, labels, value: number });
  }
  return { types, samples };
}
