import { type FormEvent, useId, useState } from 'react';
import type { DayRange } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { TextField } from '@/components/ui/text-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export type Preset = 'today' | 'week' | 'month' | 'custom';
const presets: Array<{ value: Preset; label: Parameters<typeof ot>[0]; days: number }> = [
  { value: 'today', label: 'dashboard.today', days: 1 },
  { value: 'week', label: 'dashboard.week', days: 7 },
  { value: 'month', label: 'dashboard.month', days: 30 },
];

/** The browser's zone, in minutes east of UTC, so "today" is the operator's today. */
export const browserTz = () => -new Date().getTimezoneOffset();
const localDay = (ms: number, tz: number) => new Date(ms + tz * 60_000).toISOString().slice(0, 10);

/** The last `days` local days up to today. */
export function lastDays(days: number, nowMs = Date.now()): DayRange {
  const tz = browserTz();
  return { from: localDay(nowMs - (days - 1) * 86_400_000, tz), to: localDay(nowMs, tz), tz };
}

/** Today, 7 days, 30 days, or two dates of the operator's choosing. */
export function RangePicker({
  preset,
  range,
  onChange,
}: {
  preset: Preset;
  range: DayRange;
  onChange: (preset: Preset, range: DayRange) => void;
}) {
  const name = useId();
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState<string>();
  function apply(e: FormEvent) {
    e.preventDefault();
    if (!from || !to) return setError(ot('dashboard.rangeError'));
    setError(undefined);
    onChange('custom', { from: from <= to ? from : to, to: from <= to ? to : from, tz: browserTz() });
  }
  return (
    <Card padding="sm" className="mb-5 flex flex-col gap-3">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{ot('dashboard.range')}</legend>
        {[...presets, { value: 'custom' as const, label: 'dashboard.custom' as const, days: 0 }].map((p) => (
          <label
            key={p.value}
            className={
              'cursor-pointer rounded-xl border border-line bg-surface-2 px-3 py-2 text-sm ' +
              'font-bold text-muted has-checked:border-accent has-checked:text-accent ' +
              'has-focus-visible:outline-2 has-focus-visible:outline-accent'
            }
          >
            <input
              type="radio"
              name={name}
              value={p.value}
              checked={preset === p.value}
              className="sr-only"
              onChange={() => (p.days ? onChange(p.value, lastDays(p.days)) : onChange('custom', range))}
            />
            {ot(p.label)}
          </label>
        ))}
      </fieldset>
      {preset === 'custom' ? (
        <form onSubmit={apply} className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
          <TextField
            label={ot('dashboard.from')}
            type="date"
            ltr
            value={from}
            max={to || undefined}
            onChange={(e) => setFrom(e.target.value)}
            error={error}
          />
          <TextField
            label={ot('dashboard.to')}
            type="date"
            ltr
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            {ot('dashboard.apply')}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
