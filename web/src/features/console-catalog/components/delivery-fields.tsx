import type { AdminProduct, DeliveryMode } from '@raseed/contract';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { useSuppliers } from '@/lib/console/suppliers';
import { ot } from '@/lib/console/copy-ar';
import { adminPaths } from '@/lib/console/paths';
import { TextField } from '@/components/ui/text-field';
import { Select } from '@/components/ui/select';
import { textLinkClass } from '@/components/ui/text-link';

const modes = (['manual', 'stock', 'supplier'] as const).map((v) => ({ value: v, label: ot(`delivery.${v}`) }));

export function deliveryDefaults(p?: AdminProduct): FieldValues {
  return {
    delivery: p?.delivery ?? 'manual',
    low_stock_threshold: p?.low_stock_threshold ?? 0,
    supplier_id: p?.supplier_id ? String(p.supplier_id) : '',
    supplier_product_id: p?.supplier_product_id ?? '',
  };
}

/**
 * What is sent for the chosen mode: a product that is no longer forwarded forgets its supplier,
 * so a hidden field never keeps an old link alive. Returns field errors the contract cannot
 * express (a supplier product needs both its supplier and the supplier's product id).
 */
export function deliveryValues(v: FieldValues): { values: FieldValues; errors: Record<string, string> } {
  const mode = v.delivery as DeliveryMode;
  if (mode !== 'supplier') return { values: { ...v, supplier_id: '', supplier_product_id: '' }, errors: {} };
  const errors: Record<string, string> = {};
  if (!v.supplier_id) errors.supplier_id = ot('delivery.supplierRequired');
  if (!String(v.supplier_product_id ?? '').trim()) errors.supplier_product_id = ot('delivery.supplierProductRequired');
  return { values: v, errors };
}

/** "طريقة التسليم" and only the fields the chosen mode uses. */
export function DeliveryFields({ form, stockReady }: { form: UseFormReturn<FieldValues>; stockReady: boolean }) {
  const mode = form.watch('delivery') as DeliveryMode;
  const suppliers = useSuppliers();
  const err = (name: string) => form.formState.errors[name]?.message as string | undefined;
  const reg = (name: string) => ({ ...form.register(name), error: err(name) });
  const list = suppliers.data ?? [];
  return (
    <div className="grid grid-cols-1 gap-4 rounded-xl border border-line p-3 sm:col-span-2 sm:grid-cols-2">
      <Select label={ot('delivery.title')} options={modes} hint={ot(`delivery.${mode}Hint`)} {...reg('delivery')} />
      {mode === 'stock' ? (
        <>
          <TextField
            label={ot('delivery.threshold')}
            type="number"
            min={0}
            hint={ot('delivery.thresholdHint')}
            {...reg('low_stock_threshold')}
          />
          {stockReady ? null : (
            <p className="text-sm font-bold text-accent sm:col-span-2">{ot('delivery.saveFirst')}</p>
          )}
        </>
      ) : null}
      {mode === 'supplier' ? (
        <>
          <Select
            label={ot('delivery.supplierField')}
            options={[
              { value: '', label: ot('delivery.pickSupplier') },
              ...list.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
            {...reg('supplier_id')}
          />
          <TextField label={ot('delivery.supplierProduct')} ltr maxLength={100} {...reg('supplier_product_id')} />
          {suppliers.data && list.length === 0 ? (
            <p className="text-sm text-muted sm:col-span-2">
              <Link to={adminPaths.suppliers} className={textLinkClass}>
                {ot('delivery.noSuppliers')}
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
