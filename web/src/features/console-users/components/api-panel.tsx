import type { AdminUser, ApiKey, WebhookEndpoint } from '@raseed/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListState } from '@/components/ui/list-state';
import { ot } from '@/lib/console/copy-ar';
import { toastError } from '@/lib/error-toast';
import { formatDate } from '@/lib/format';
import { useApiAccess, useRevokeUserApiKey, useUserApiKeys, useUserWebhooks } from '../api';

const hookTones: Record<WebhookEndpoint['state'], BadgeTone> = { active: 'ok', failing: 'warn', disabled: 'danger' };

function hookState(h: WebhookEndpoint): string {
  if (h.state === 'disabled')
    return ot(h.disabled_reason === 'gone' ? 'users.webhookDisabledGone' : 'users.webhookDisabledFailing', {
      date: h.disabled_at ? formatDate(h.disabled_at) : '',
    });
  if (h.state === 'failing')
    return ot('users.webhookFailing', { date: h.failing_since ? formatDate(h.failing_since) : '' });
  return ot('users.webhookActive');
}

/**
 * The resellers' API on a customer's page: the switch that lets them make keys, their keys (the
 * start of each token, its mode, its last use) with a revoke for one that leaked, and their
 * webhook endpoints with whether each works (read only: the customer manages them).
 */
export function ApiPanel({ user }: { user: AdminUser }) {
  const access = useApiAccess();
  const keys = useUserApiKeys(user.id, true);
  const hooks = useUserWebhooks(user.id, true);
  const revoke = useRevokeUserApiKey();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-3">
      <Checkbox
        label={ot('users.apiAccess')}
        checked={user.api_access}
        disabled={access.isPending || user.role !== 'customer'}
        aria-describedby={`api-access-hint-${user.id}`}
        onChange={(e) => {
          const on = e.target.checked;
          access.mutate(
            { id: user.id, on },
            {
              onSuccess: () => toast.success(ot(on ? 'users.apiAccessOn' : 'users.apiAccessOff')),
              onError: toastError,
            },
          );
        }}
      />
      <p id={`api-access-hint-${user.id}`} className="text-sm text-muted">
        {ot('users.apiAccessHint')}
      </p>
      <h3 className="font-bold text-fg">{ot('users.apiKeys')}</h3>
      <ListState query={keys} isEmpty={(list) => list.length === 0} empty={ot('users.apiKeysEmpty')}>
        {(list) => (
          <ul className="grid gap-2">
            {list.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-line p-2">
                <code dir="ltr" className="font-mono text-sm text-fg [unicode-bidi:isolate]">
                  {key.prefix}…
                </code>
                <span className="text-sm text-fg">{key.name}</span>
                <Badge tone={key.mode === 'live' ? 'ok' : 'info'}>
                  {ot(key.mode === 'live' ? 'users.apiKeyLive' : 'users.apiKeyTest')}
                </Badge>
                <span className="text-sm text-muted">
                  {key.last_used_at
                    ? ot('users.apiKeyLastUsed', { date: formatDate(key.last_used_at) })
                    : ot('users.apiKeyNeverUsed')}
                </span>
                <Button variant="danger" size="sm" className="ms-auto" onClick={() => setRevoking(key)}>
                  {ot('users.apiKeyRevoke')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <h3 className="font-bold text-fg">{ot('users.webhooks')}</h3>
      <ListState query={hooks} isEmpty={(list) => list.length === 0} empty={ot('users.webhooksEmpty')}>
        {(list) => (
          <ul className="grid gap-2">
            {list.map((h) => (
              <li key={h.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-line p-2">
                <code
                  dir="ltr"
                  className="min-w-0 flex-1 text-start font-mono text-sm break-all text-fg [unicode-bidi:isolate]"
                >
                  {h.url}
                </code>
                <Badge tone={hookTones[h.state]}>{hookState(h)}</Badge>
                <span dir="ltr" className="w-full text-start font-mono text-xs text-muted [unicode-bidi:isolate]">
                  {h.events.join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      {revoking ? (
        <ConfirmDialog
          title={ot('users.apiKeyRevokeTitle', { prefix: revoking.prefix })}
          confirmLabel={ot('users.apiKeyRevoke')}
          backLabel={ot('users.apiKeyBack')}
          pending={revoke.isPending}
          tone="danger"
          onBack={() => setRevoking(null)}
          onConfirm={() =>
            revoke.mutate(
              { id: user.id, keyId: revoking.id },
              {
                onSuccess: () => {
                  toast.success(ot('users.apiKeyRevoked'));
                  setRevoking(null);
                },
                onError: toastError,
              },
            )
          }
        >
          <p className="text-muted">{ot('users.apiKeyRevokeText')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
