import { type StorefrontPrice, storefrontPriceInput } from '@raseed/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { ot } from '@/lib/console/copy-ar';
import { toastError } from '@/lib/error-toast';
import { type RuleTarget, useClearPriceRule, useSetPriceRule } from '../api';

/**
 * One category's or product's rule on a storefront: its own markup (blank: the wider one, shown
 * as the hint) and whether it is hidden there. Saved with PUT, cleared with DELETE.
 */
export function PriceRuleForm({
  target,
  name,
  rule,
  widerPercent,
  children,
}: {
  target: RuleTarget;
  name: string;
  rule: StorefrontPrice | undefined;
  /** The markup that applies without a rule of its own (the category's, else the storefront's). */
  widerPercent: number;
  /** What the row shows under its name (a product's prices). */
  children?: ReactNode;
}) {
  const set = useSetPriceRule();
  const clear = useClearPriceRule();
  const [markup, setMarkup] = useState(rule?.markup_percent === null || !rule ? '' : String(rule.markup_percent));
  const [hidden, setHidden] = useState(rule?.hidden ?? false);
  const [error, setError] = useState<string>();

  function submit(e: FormEvent) {
    e.preventDefault();
    // Blank is "no markup of its own", which the contract spells null.
    const parsed = storefrontPriceInput.safeParse({ markup_percent: markup.trim() === '' ? null : markup, hidden });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    set.mutate(
      { target, rule: parsed.data },
      {
        onSuccess: () => toast.success(ot('admin.saved')),
        onError: (err) => {
          if (isApiError(err)) setError(err.errors?.markup_percent?.[0]);
          toastError(err);
        },
      },
    );
  }

  function remove() {
    clear.mutate(target, {
      onSuccess: () => {
        setMarkup('');
        setHidden(false);
        toast.success(ot('prices.cleared'));
      },
      onError: toastError,
    });
  }

  return (
    <form
      aria-label={name}
      noValidate
      onSubmit={submit}
      className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto]"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-bold text-fg">{name}</p>
          {rule?.hidden ? <Badge tone="danger">{ot('prices.ruleHidden')}</Badge> : null}
          {rule && rule.markup_percent !== null ? (
            <Badge tone="info">{ot('prices.ruleMarkup', { percent: rule.markup_percent })}</Badge>
          ) : null}
        </div>
        {children}
        <Checkbox label={ot('prices.hidden')} checked={hidden} onChange={(e) => setHidden(e.target.checked)} />
      </div>
      <TextField
        label={ot('prices.override')}
        hint={ot('prices.overrideHint', { percent: widerPercent })}
        ltr
        inputMode="decimal"
        maxLength={8}
        value={markup}
        error={error}
        onChange={(e) => setMarkup(e.target.value)}
      />
      <div className="flex flex-wrap gap-2 sm:pt-7">
        <Button type="submit" size="sm" disabled={set.isPending}>
          {ot('prices.save')}
        </Button>
        {rule ? (
          <Button variant="secondary" size="sm" disabled={clear.isPending} onClick={remove}>
            {ot('prices.clear')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
