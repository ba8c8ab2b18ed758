import type { OrderStatus } from '@raseed/contract';
import type { HTMLAttributes, ReactNode } from 'react';
import { t } from '@/lib/i18n';

export type BadgeTone = 'accent' | 'solid' | 'danger' | 'neutral' | 'muted' | 'ok' | 'warn' | 'info' | 'notice';

const tones: Record<BadgeTone, string> = {
  accent: 'border-accent/40 bg-accent/15 text-accent',
  /** On a picture (a discount): the accent itself. */
  solid: 'border-accent bg-accent text-accent-fg',
  danger: 'border-danger/40 bg-danger-bg text-danger',
  neutral: 'border-line bg-surface-2 text-fg',
  muted: 'border-line bg-surface-2 text-muted',
  ok: 'border-ok/40 bg-ok-bg text-ok',
  warn: 'border-warn/40 bg-warn-bg text-warn',
  info: 'border-info/40 bg-info-bg text-info',
  notice: 'border-notice/40 bg-notice-bg text-notice',
};

/** A word in a pill; colour only repeats what the word says. `md` beside a heading, `sm` in a row. */
export function Badge({ tone, size = 'sm', children }: { tone: BadgeTone; size?: 'sm' | 'md'; children: ReactNode }) {
  const box = size === 'md' ? 'px-3 py-0.5 text-sm' : 'px-2.5 py-0.5 text-xs';
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full border font-bold ${box} ${tones[tone]}`}>
      {children}
    </span>
  );
}

const orderTones: Record<OrderStatus, BadgeTone> = {
  pending: 'warn',
  wait: 'info',
  success: 'ok',
  cancel: 'danger',
  request_cancel: 'notice',
};

/** An order's status as the copy deck names it, the same in the store and the console. */
export function OrderStatusBadge({ status, size }: { status: OrderStatus; size?: 'sm' | 'md' }) {
  return (
    <Badge tone={orderTones[status]} size={size}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A top-up request's status: charged, rejected, or still waiting. Each app says it in its own words. */
export function TopupStatusBadge({ status, children }: { status: string; children: ReactNode }) {
  const tone: BadgeTone = status === 'success' ? 'ok' : status === 'cancel' ? 'danger' : 'warn';
  return <Badge tone={tone}>{children}</Badge>;
}

/** A number waiting somewhere (a tab's count); `danger` when it is a warning. */
export function CountBadge({
  tone = 'accent',
  className = '',
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: 'accent' | 'danger' }) {
  const look = tone === 'danger' ? 'border border-danger bg-danger-bg text-danger' : 'bg-accent text-accent-fg';
  return (
    <span
      className={`min-w-6 rounded-full px-1.5 text-center text-xs ${look}${className ? ` ${className}` : ''}`}
      {...props}
    />
  );
}
