/** Numbers of the dashboard: Arabic formatting, Latin digits (like every figure in the store). */
const counts = new Intl.NumberFormat('ar-u-nu-latn');
export const formatCount = (n: number) => counts.format(n);

/** "23/11" for a YYYY-MM-DD day: short enough to sit under a column. */
export function shortDay(day: string): string {
  const [, m, d] = day.split('-');
  return `${Number(d)}/${Number(m)}`;
}

const plural = new Intl.PluralRules('ar');
type Forms = { one: string; two: string; few: string; many: string };
const UNITS: Record<'day' | 'hour' | 'minute', Forms> = {
  day: { one: 'يوم واحد', two: 'يومان', few: 'أيام', many: 'يوماً' },
  hour: { one: 'ساعة واحدة', two: 'ساعتان', few: 'ساعات', many: 'ساعة' },
  minute: { one: 'دقيقة واحدة', two: 'دقيقتان', few: 'دقائق', many: 'دقيقة' },
};

/** "3 ساعات" / "ساعتان" / "11 ساعة": Arabic counts agree with their noun. */
function unit(n: number, forms: Forms): string {
  const rule = plural.select(n);
  if (rule === 'one') return forms.one;
  if (rule === 'two') return forms.two;
  return `${formatCount(n)} ${rule === 'few' ? forms.few : forms.many}`;
}

/** How long something has waited, in its two largest units ("يومان و3 ساعات"). */
export function formatAge(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return hours % 24 ? `${unit(days, UNITS.day)} و${unit(hours % 24, UNITS.hour)}` : unit(days, UNITS.day);
  if (hours > 0)
    return minutes % 60 ? `${unit(hours, UNITS.hour)} و${unit(minutes % 60, UNITS.minute)}` : unit(hours, UNITS.hour);
  return minutes > 0 ? unit(minutes, UNITS.minute) : 'أقل من دقيقة';
}
