import { useEffect, useState } from 'react';
import { nt } from '../copy-ar';

function left(until: string): number {
  return Math.max(0, Math.floor((Date.parse(until) - Date.now()) / 1000));
}

/** mm:ss until the number's window ends; the server, not this clock, decides the refund. */
export function Countdown({ until }: { until: string }) {
  const [seconds, setSeconds] = useState(() => left(until));
  useEffect(() => {
    setSeconds(left(until));
    const id = window.setInterval(() => setSeconds(left(until)), 1000);
    return () => window.clearInterval(id);
  }, [until]);
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{nt('numbers.timeLeft')}</dt>
      <dd className="font-bold text-fg tabular-nums" dir="ltr">
        <time dateTime={`PT${seconds}S`}>{`${mm}:${ss}`}</time>
      </dd>
    </div>
  );
}
