import { zodResolver } from '@hookform/resolvers/zod';
import type { CreatedApiKey } from '@raseed/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorNote } from '@/components/ui/error-note';
import { Select } from '@/components/ui/select';
import { TextArea } from '@/components/ui/text-area';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { addressLines, type KeyFormValues, keyFormSchema, useCreateApiKey } from '../api';
import { keysAr } from '../copy-ar';

type Output = z.output<typeof keyFormSchema>;

/**
 * Name, mode and the allowed addresses of a new key. The server asks for the password first when
 * it was not confirmed lately (a 423 the app answers with the password prompt, then sends again).
 */
export function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const form = useForm<KeyFormValues, unknown, Output>({
    resolver: zodResolver(keyFormSchema),
    defaultValues: { name: '', mode: 'live', allowed_ips: '' },
  });
  const { errors } = form.formState;

  const onSubmit = (values: Output) =>
    create.mutate(
      { name: values.name, mode: values.mode, allowed_ips: addressLines(values.allowed_ips) },
      {
        onSuccess: (key) => {
          form.reset();
          onCreated(key);
        },
      },
    );

  // A server message about one address (`allowed_ips.0`) shows under the field, like the form's own.
  const serverErrors = isApiError(create.error) ? create.error.errors : undefined;
  const serverIps = Object.entries(serverErrors ?? {}).find(([k]) => k.startsWith('allowed_ips'))?.[1]?.[0];

  return (
    <Card as="section" padding="xl" aria-labelledby="new-key-title">
      <h2 id="new-key-title" className="mb-4 text-lg font-bold text-fg">
        {keysAr.createTitle}
      </h2>
      <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(onSubmit)}>
        <TextField
          label={keysAr.name}
          hint={keysAr.nameHint}
          maxLength={60}
          error={errors.name?.message ?? serverErrors?.name?.[0]}
          {...form.register('name')}
        />
        <Select
          label={keysAr.mode}
          options={[
            { value: 'live', label: keysAr.modeLive },
            { value: 'test', label: keysAr.modeTest },
          ]}
          {...form.register('mode')}
        />
        <TextArea
          label={keysAr.allowedIps}
          hint={keysAr.allowedIpsHint}
          mono
          dir="ltr"
          rows={3}
          error={errors.allowed_ips?.message ?? serverIps}
          {...form.register('allowed_ips')}
        />
        {create.isError && !serverErrors ? <ErrorNote role="alert">{create.error.message}</ErrorNote> : null}
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? keysAr.creating : keysAr.create}
        </Button>
      </form>
    </Card>
  );
}
