import type { AdminUser } from '@raseed/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListState } from '@/components/ui/list-state';
import { Page } from '@/components/ui/page';
import { textLinkClass } from '@/components/ui/text-link';
import { ot } from '@/lib/console/copy-ar';
import { adminPaths } from '@/lib/console/paths';
import { useStaffStorefront, useStorefronts } from '@/lib/console/storefronts';
import { toastError } from '@/lib/error-toast';
import { useRemoveStaff, useStorefrontStaff } from '../api';
import { StaffForm } from '../components/staff-form';

function StaffRow({ member: m, onRemove }: { member: AdminUser; onRemove: () => void }) {
  return (
    <Card as="article" padding="sm" aria-label={m.name} className="flex flex-wrap items-center gap-3">
      <div className="flex min-w-0 flex-1 basis-60 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-bold text-fg">{m.name}</h3>
          <Badge tone={m.is_enable2fa ? 'ok' : 'warn'}>
            {ot(m.is_enable2fa ? 'staff.twoFactorOn' : 'staff.twoFactorOff')}
          </Badge>
        </div>
        <p className="break-all text-sm text-muted">
          <span dir="ltr">{m.email}</span>
        </p>
      </div>
      <Button variant="danger" size="sm" aria-label={ot('staff.removeLabel', { name: m.name })} onClick={onRemove}>
        {ot('staff.remove')}
      </Button>
    </Card>
  );
}

/**
 * A storefront's staff (the provider's operators only: the route refuses a storefront's staff):
 * who they are and whether their two-factor is on, a new account, and taking one off, which
 * makes it the storefront's customer and signs it out.
 */
export default function StorefrontStaffPage() {
  const id = Number(useParams().storefrontId);
  const name = useStorefronts().data?.find((s) => s.id === id)?.name;
  const staff = useStorefrontStaff(id);
  // A storefront's staff reach this page only by its address: the list shows the server's 403.
  const provider = useStaffStorefront() === null;
  const remove = useRemoveStaff();
  const [removing, setRemoving] = useState<AdminUser | null>(null);
  return (
    <Page
      title={name ? ot('staff.title', { name }) : ot('staff.titleId', { id })}
      description={ot('staff.description')}
      actions={
        <Link to={adminPaths.storefronts} className={textLinkClass}>
          {ot('account.back')}
        </Link>
      }
    >
      <div className="flex flex-col gap-4">
        <section aria-label={ot('staff.list')} className="flex flex-col gap-3">
          <h2 className="font-bold text-fg">{ot('staff.list')}</h2>
          <ListState query={staff} isEmpty={(list) => list.length === 0} empty={ot('staff.empty')}>
            {(list) => (
              <ul className="flex flex-col gap-2">
                {list.map((m) => (
                  <li key={m.id}>
                    <StaffRow member={m} onRemove={() => setRemoving(m)} />
                  </li>
                ))}
              </ul>
            )}
          </ListState>
        </section>
        {provider ? <StaffForm storefront={id} /> : null}
      </div>
      {removing ? (
        <ConfirmDialog
          title={ot('staff.removeTitle', { name: removing.name })}
          confirmLabel={ot('staff.removeConfirm')}
          backLabel={ot('staff.back')}
          pending={remove.isPending}
          pendingLabel={ot('staff.removing')}
          tone="danger"
          onBack={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(
              { storefront: id, userId: removing.id },
              {
                onSuccess: () => toast.success(ot('staff.removed', { name: removing.name })),
                onError: toastError,
                onSettled: () => setRemoving(null),
              },
            )
          }
        >
          <p className="text-muted">{ot('staff.removeText')}</p>
        </ConfirmDialog>
      ) : null}
    </Page>
  );
}
