import type { AdminNumberProvider } from '@raseed/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { Card } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import { type ProviderForm, useProviderBalance, useSaveProvider, useSyncPrices } from '../api';
import { numbersAr as n } from '../copy-ar';
import { TextField } from '@/components/ui/text-field';
import { toastError } from '@/lib/error-toast';
import { Button } from '@/components/ui/button';

const fail = (e: unknown) => toastError(e);

/** The one handler-API provider: address, key (write-only), the code window; its balance and price sync. */
export function NumbersProviderForm({ provider }: { provider: AdminNumberProvider | null }) {
  const [form, setForm] = useState<ProviderForm>({
    name: provider?.name ?? '',
    base_url: provider?.base_url ?? '',
    api_key: '',
    window_minutes: String(provider?.window_minutes ?? 20),
  });
  const save = useSaveProvider();
  const sync = useSyncPrices();
  const [askBalance, setAskBalance] = useState(false);
  const balance = useProviderBalance(askBalance && provider !== null);
  const errors = isApiError(save.error) ? save.error.errors : undefined;
  const set = (k: keyof ProviderForm) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form, { onSuccess: () => toast.success(n.saved), onError: fail });
  };

  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-bold text-fg">{n.provider}</h2>
      <form onSubmit={submit} className="grid gap-4 md:grid-cols-2">
        <TextField label={n.providerName} value={form.name} onChange={set('name')} error={errors?.name?.[0]} required />
        <TextField
          label={n.baseUrl}
          value={form.base_url}
          onChange={set('base_url')}
          error={errors?.base_url?.[0]}
          ltr
          required
          placeholder="https://"
        />
        <TextField
          label={n.apiKey}
          type="password"
          autoComplete="off"
          value={form.api_key}
          onChange={set('api_key')}
          error={errors?.api_key?.[0]}
          hint={provider?.has_api_key ? n.apiKeyKept : undefined}
          ltr
        />
        <TextField
          label={n.windowMinutes}
          type="number"
          min={1}
          max={1440}
          value={form.window_minutes}
          onChange={set('window_minutes')}
          error={errors?.window_minutes?.[0]}
          ltr
        />
        <div>
          <Button type="submit" disabled={save.isPending}>
            {n.save}
          </Button>
        </div>
      </form>
      {provider ? (
        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-4">
          <Button variant="secondary" onClick={() => (askBalance ? balance.refetch() : setAskBalance(true))}>
            {n.showBalance}
          </Button>
          {balance.data ? (
            <p className="font-bold text-fg">
              {n.balance}: <bdi dir="ltr">{balance.data}</bdi>
            </p>
          ) : null}
          {balance.error ? (
            <p className="text-sm text-danger">{isApiError(balance.error) ? balance.error.msg : t('request.error')}</p>
          ) : null}
          <Button
            variant="secondary"
            disabled={sync.isPending}
            onClick={() => sync.mutate(undefined, { onSuccess: () => toast.success(n.synced), onError: fail })}
          >
            {n.sync}
          </Button>
          {provider.synced_at ? (
            <p className="text-sm text-muted">
              {n.syncedAt}: {formatDate(provider.synced_at)}
            </p>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
