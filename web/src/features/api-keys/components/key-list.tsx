import type { ApiKey } from '@raseed/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListState } from '@/components/ui/list-state';
import { toastError } from '@/lib/error-toast';
import { formatCurrency, formatDate } from '@/lib/format';
import { useApiKeys, useRevokeApiKey } from '../api';
import { keysAr, kt } from '../copy-ar';

/** The customer's keys: name, mode, the token's start, where from, when used; each revocable. */
export function KeyList() {
  const keys = useApiKeys();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey();
  return (
    <Card as="section" padding="xl" aria-labelledby="keys-title">
      <h2 id="keys-title" className="mb-4 text-lg font-bold text-fg">
        {keysAr.listTitle}
      </h2>
      <ListState query={keys} isEmpty={(data) => data.api_keys.length === 0} empty={keysAr.empty}>
        {({ api_keys: list, test_balance }) => (
          <ul className="grid gap-3">
            {list.some((key) => key.mode === 'test') ? (
              <li className="grid gap-1 rounded-xl border border-line bg-surface-2 p-3 text-sm">
                <p className="font-bold text-fg">
                  {kt('testBalance', { balance: formatCurrency(test_balance, 'USD') })}
                </p>
                <p className="text-muted">{keysAr.testOutcomes}</p>
              </li>
            ) : null}
            {list.map((key) => (
              <li
                key={key.id}
                className="flex flex-wrap items-start gap-3 rounded-xl border border-line bg-surface-2 p-3"
              >
                <div className="grid min-w-0 flex-1 gap-1">
                  <p className="flex flex-wrap items-center gap-2 font-bold text-fg">
                    {key.name}
                    <Badge tone={key.mode === 'live' ? 'ok' : 'info'}>
                      {key.mode === 'live' ? keysAr.modeLive : keysAr.modeTest}
                    </Badge>
                  </p>
                  <code dir="ltr" className="text-start font-mono text-sm text-fg [unicode-bidi:isolate]">
                    {key.prefix}…
                  </code>
                  <p className="text-sm text-muted">
                    {key.allowed_ips.length ? (
                      <>
                        {keysAr.onlyFrom}
                        <bdi dir="ltr">{key.allowed_ips.join('، ')}</bdi>
                      </>
                    ) : (
                      keysAr.anyAddress
                    )}
                  </p>
                  <p className="text-sm text-muted">
                    {kt('createdAt', { date: formatDate(key.created_at) })} ·{' '}
                    {key.last_used_at ? kt('lastUsed', { date: formatDate(key.last_used_at) }) : keysAr.neverUsed}
                  </p>
                </div>
                <Button variant="danger" size="sm" onClick={() => setRevoking(key)}>
                  {keysAr.revoke}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      {revoking ? (
        <ConfirmDialog
          title={kt('revokeTitle', { name: revoking.name })}
          confirmLabel={keysAr.revoke}
          backLabel={keysAr.back}
          pendingLabel={keysAr.revoking}
          pending={revoke.isPending}
          tone="danger"
          onBack={() => setRevoking(null)}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onSuccess: () => {
                toast.success(keysAr.revoked);
                setRevoking(null);
              },
              onError: toastError,
            })
          }
        >
          <p className="text-muted">{keysAr.revokeText}</p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
