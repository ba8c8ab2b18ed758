import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminSupplier, supplierInput, supplierPatch } from '@raseed/contract';
import { type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSaveSupplier } from '../api';
import { formActionLabels, ot } from '@/lib/console/copy-ar';
import { TextField } from '@/components/ui/text-field';
import { Select } from '@/components/ui/select';
import { FormActions } from '@/components/ui/form-actions';
import { saveCallbacks } from '@/lib/console/save-callbacks';
import { toast } from 'react-toastify';
import { formatCurrency } from '@/lib/format';

const kinds = [{ value: 'raseed', label: ot('suppliers.kind.raseed') }];

/**
 * Create or edit a supplier. Stored credentials are never sent back, so the password and token
 * boxes start empty; on an edit a blank box is left out of the request and the server keeps its copy.
 */
export function SupplierForm({ supplier, onDone }: { supplier?: AdminSupplier; onDone: () => void }) {
  const save = useSaveSupplier();
  const form = useForm<FieldValues>({
    resolver: zodResolver((supplier ? supplierPatch : supplierInput) as z.ZodObject, undefined, { raw: true }),
    defaultValues: {
      name: supplier?.name ?? '',
      kind: supplier?.kind ?? 'raseed',
      base_url: supplier?.base_url ?? '',
      email: supplier?.email ?? '',
      password: '',
      token: '',
    },
  });
  const err = (name: string) => form.formState.errors[name]?.message as string | undefined;
  const reg = (name: string) => ({ ...form.register(name), error: err(name) });
  const keep = supplier ? ot('suppliers.keepHint') : undefined;

  const submit = form.handleSubmit((v) => {
    const values: Record<string, unknown> = { name: v.name, base_url: v.base_url, email: v.email };
    if (!supplier) values.kind = v.kind;
    for (const secret of ['password', 'token'] as const) if (String(v[secret] ?? '').trim()) values[secret] = v[secret];
    const done = saveCallbacks(onDone, form.setError);
    save.mutate(
      { ...(supplier ? { id: supplier.id } : {}), values },
      {
        ...done,
        onSuccess: (reply) => {
          done.onSuccess();
          // What the supplier answered to the test, so the operator sees the link works.
          const { connection, supplier: saved } = reply.data;
          if (connection)
            toast.info(ot('suppliers.connected', { name: saved.name, balance: formatCurrency(connection.balance) }));
        },
      },
    );
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid grid-cols-1 gap-3 rounded-2xl border border-accent/40 bg-surface p-4 sm:grid-cols-2"
    >
      <TextField label={ot('field.name')} maxLength={120} {...reg('name')} />
      <Select label={ot('suppliers.kind')} options={kinds} disabled={Boolean(supplier)} {...reg('kind')} />
      <TextField
        label={ot('suppliers.baseUrl')}
        ltr
        type="url"
        maxLength={300}
        placeholder="https://"
        {...reg('base_url')}
      />
      <TextField label={ot('suppliers.email')} ltr type="email" maxLength={200} autoComplete="off" {...reg('email')} />
      <TextField
        label={ot('suppliers.password')}
        ltr
        type="password"
        maxLength={200}
        autoComplete="new-password"
        hint={keep}
        {...reg('password')}
      />
      <TextField label={ot('suppliers.token')} ltr maxLength={500} autoComplete="off" hint={keep} {...reg('token')} />
      <p className="text-sm text-muted sm:col-span-2">{ot('suppliers.testNote')}</p>
      <FormActions
        pending={save.isPending}
        onCancel={onDone}
        labels={{ ...formActionLabels(), saving: ot('suppliers.testing') }}
      />
    </form>
  );
}
