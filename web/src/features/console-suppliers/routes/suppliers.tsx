import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { useSuppliers } from '@/lib/console/suppliers';
import { useRemoveSupplier } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { ListState } from '@/components/ui/list-state';
import { SupplierCard } from '../components/supplier-card';
import { SupplierForm } from '../components/supplier-form';
import { useConfirmedRemove } from '@/components/console/use-confirmed-remove';
import { Button } from '@/components/ui/button';

/** /admin/suppliers: the upstream stores orders of "via supplier" products are forwarded to. */
export default function Suppliers() {
  const suppliers = useSuppliers();
  const remove = useConfirmedRemove(useRemoveSupplier());
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  return (
    <Page title={ot('suppliers.title')}>
      <div className="flex flex-col gap-3">
        {editing === 'new' ? (
          <SupplierForm onDone={() => setEditing(null)} />
        ) : (
          <Button className="self-start" onClick={() => setEditing('new')}>
            {ot('suppliers.add')}
          </Button>
        )}
        <ListState query={suppliers} isEmpty={(list) => list.length === 0} empty={ot('suppliers.empty')}>
          {(list) => (
            <ul className="flex flex-col gap-2">
              {list.map((s) => (
                <li key={s.id}>
                  {editing === s.id ? (
                    <SupplierForm supplier={s} onDone={() => setEditing(null)} />
                  ) : (
                    <SupplierCard
                      supplier={s}
                      confirming={remove.confirming === s.id}
                      busy={remove.busy}
                      onEdit={() => setEditing(s.id)}
                      onAsk={() => remove.ask(s.id)}
                      onDelete={() => remove.confirm(s.id)}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </ListState>
      </div>
    </Page>
  );
}
