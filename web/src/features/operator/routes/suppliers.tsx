import { useState } from 'react';
import { toast } from 'react-toastify';
import { Page } from '@/components/ui/page';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { useRemoveSupplier, useSuppliers } from '../api/delivery';
import { ot } from '../copy-ar';
import { QueryState } from '../components/query-state';
import { primaryButton } from '../components/styles';
import { SupplierCard } from '../components/supplier-card';
import { SupplierForm } from '../components/supplier-form';

/** /admin/suppliers: the upstream stores orders of "via supplier" products are forwarded to. */
export default function Suppliers() {
  const suppliers = useSuppliers();
  const remove = useRemoveSupplier();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);

  function del(id: number) {
    remove.mutate(id, {
      onSuccess: () => toast.success(ot('admin.deleted')),
      onError: (e) => toast.error(isApiError(e) ? e.msg : t('request.error')),
      onSettled: () => setConfirming(null),
    });
  }

  return (
    <Page title={ot('suppliers.title')}>
      <div className="flex flex-col gap-3">
        {editing === 'new' ? (
          <SupplierForm onDone={() => setEditing(null)} />
        ) : (
          <button type="button" className={`${primaryButton} self-start`} onClick={() => setEditing('new')}>
            {ot('suppliers.add')}
          </button>
        )}
        <QueryState query={suppliers} isEmpty={(list) => list.length === 0}>
          {(list) => (
            <ul className="flex flex-col gap-2">
              {list.map((s) => (
                <li key={s.id}>
                  {editing === s.id ? (
                    <SupplierForm supplier={s} onDone={() => setEditing(null)} />
                  ) : (
                    <SupplierCard
                      supplier={s}
                      confirming={confirming === s.id}
                      busy={remove.isPending}
                      onEdit={() => setEditing(s.id)}
                      onAsk={() => setConfirming(s.id)}
                      onDelete={() => del(s.id)}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </Page>
  );
}
