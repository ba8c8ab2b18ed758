import { zodResolver } from '@hookform/resolvers/zod';
import { type Storefront, storefrontInput, storefrontPatch } from '@raseed/contract';
import { Controller, type FieldError, type FieldValues, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { Checkbox } from '@/components/ui/checkbox';
import { FormActions } from '@/components/ui/form-actions';
import { TextField } from '@/components/ui/text-field';
import { formActionLabels, ot } from '@/lib/console/copy-ar';
import { PROVIDER_STOREFRONT } from '@/lib/console/storefronts';
import { showServerErrors } from '@/lib/error-toast';
import { useCreateStorefront, useUpdateStorefront } from '../api';
import { AddressList } from './address-list';

/** A list's own message (none given, taken) and each row's (not a host), as react-hook-form holds them. */
function listErrors(error: unknown): { own: string | undefined; items: Array<string | undefined> } {
  if (!error || typeof error !== 'object') return { own: undefined, items: [] };
  const own = (error as FieldError).message || (error as { root?: FieldError }).root?.message;
  const items = Array.isArray(error) ? error.map((e) => (e as FieldError | undefined)?.message) : [];
  return { own, items };
}

const blankless = (list: unknown) => (Array.isArray(list) ? list.filter((v) => String(v).trim() !== '') : []);

/**
 * Adds a storefront (none given) or changes one: its name, hosts and origins as lists, its
 * markup and whether it is on. The contract's schemas check it as the server will, and the
 * server's refusals (a host another storefront holds: 409) land on their fields.
 */
export function StorefrontForm({ storefront, onDone }: { storefront?: Storefront; onDone: () => void }) {
  const create = useCreateStorefront();
  const update = useUpdateStorefront();
  const isProvider = storefront?.id === PROVIDER_STOREFRONT;
  const form = useForm<FieldValues>({
    resolver: zodResolver((storefront ? storefrontPatch : storefrontInput) as z.ZodObject),
    defaultValues: {
      name: storefront?.name ?? '',
      hosts: storefront ? storefront.hosts : [''],
      origins: storefront?.origins ?? [],
      markup_percent: String(storefront?.markup_percent ?? 0),
      active: storefront?.active ?? true,
    },
  });
  const errors = form.formState.errors;
  const hosts = listErrors(errors.hosts);
  const origins = listErrors(errors.origins);
  const pending = create.isPending || update.isPending;

  const save = form.handleSubmit((values) => {
    const callbacks = {
      onSuccess: () => {
        toast.success(storefront ? ot('admin.saved') : ot('storefronts.created'));
        onDone();
      },
      onError: (e: unknown) => showServerErrors(e, form.setError),
    };
    if (storefront) update.mutate({ id: storefront.id, patch: values }, callbacks);
    else create.mutate(values as z.input<typeof storefrontInput>, callbacks);
  });

  return (
    <form
      aria-label={storefront ? storefront.name : ot('storefronts.new')}
      noValidate
      className="grid grid-cols-1 gap-4 rounded-2xl border border-accent/40 bg-surface p-4 sm:grid-cols-2"
      onSubmit={(e) => {
        // An empty row is no address: dropped before the check, so it is not called invalid.
        form.setValue('hosts', blankless(form.getValues('hosts')));
        form.setValue('origins', blankless(form.getValues('origins')));
        return save(e);
      }}
    >
      <TextField
        label={ot('storefronts.name')}
        maxLength={120}
        error={errors.name?.message as string | undefined}
        {...form.register('name')}
      />
      <TextField
        label={ot('storefronts.markup')}
        hint={ot('storefronts.markupHint')}
        ltr
        inputMode="decimal"
        maxLength={8}
        error={errors.markup_percent?.message as string | undefined}
        {...form.register('markup_percent')}
      />
      <Controller
        control={form.control}
        name="hosts"
        render={({ field }) => (
          <AddressList
            values={field.value as string[]}
            onChange={field.onChange}
            error={hosts.own}
            itemErrors={hosts.items}
            placeholder="shop.example.com"
            words={{
              legend: ot('storefronts.hosts'),
              hint: ot('storefronts.hostsHint'),
              item: (n) => ot('storefronts.host', { n }),
              add: ot('storefronts.addHost'),
              remove: (n) => ot('storefronts.removeHost', { n }),
            }}
          />
        )}
      />
      <Controller
        control={form.control}
        name="origins"
        render={({ field }) => (
          <AddressList
            values={field.value as string[]}
            onChange={field.onChange}
            error={origins.own}
            itemErrors={origins.items}
            placeholder="https://shop.example.com"
            words={{
              legend: ot('storefronts.origins'),
              hint: ot('storefronts.originsHint'),
              item: (n) => ot('storefronts.origin', { n }),
              add: ot('storefronts.addOrigin'),
              remove: (n) => ot('storefronts.removeOrigin', { n }),
            }}
          />
        )}
      />
      <div className="sm:col-span-2">
        <Checkbox
          label={ot('storefronts.active')}
          disabled={isProvider}
          aria-describedby={isProvider ? 'provider-active-hint' : undefined}
          error={errors.active?.message as string | undefined}
          {...form.register('active')}
        />
        {isProvider ? (
          <p id="provider-active-hint" className="text-xs text-muted">
            {ot('storefronts.providerActive')}
          </p>
        ) : null}
      </div>
      <FormActions pending={pending} onCancel={onDone} labels={formActionLabels()} />
    </form>
  );
}
