import { zodResolver } from '@hookform/resolvers/zod';
import { createWebhookBody, type WebhookWithSecret, webhookEventTypes } from '@raseed/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorNote } from '@/components/ui/error-note';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { useCreateWebhook } from '../api';
import { keysAr } from '../copy-ar';

type Input = z.input<typeof createWebhookBody>;
type Output = z.output<typeof createWebhookBody>;

/**
 * A new endpoint: its URL and the events it takes (the contract's schema checks both). The server
 * asks for the password first when it was not confirmed lately (423, the app's password prompt).
 */
export function CreateWebhookForm({ onCreated }: { onCreated: (webhook: WebhookWithSecret) => void }) {
  const create = useCreateWebhook();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(createWebhookBody),
    defaultValues: { url: '', events: [...webhookEventTypes] },
  });
  const { errors } = form.formState;
  const onSubmit = (values: Output) =>
    create.mutate(values, {
      onSuccess: (webhook) => {
        form.reset();
        onCreated(webhook);
      },
    });
  const serverErrors = isApiError(create.error) ? create.error.errors : undefined;
  const eventsError = errors.events?.message ?? errors.events?.[0]?.message ?? serverErrors?.events?.[0];

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(onSubmit)}>
      <TextField
        label={keysAr.hookUrl}
        hint={keysAr.hookUrlHint}
        dir="ltr"
        inputMode="url"
        maxLength={500}
        error={errors.url?.message ?? serverErrors?.url?.[0]}
        {...form.register('url')}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-bold text-fg">{keysAr.hookEvents}</legend>
        {webhookEventTypes.map((type) => (
          <Checkbox
            key={type}
            value={type}
            label={
              <>
                {keysAr[`event.${type}`]}{' '}
                <bdi dir="ltr" className="font-mono text-xs text-muted">
                  {type}
                </bdi>
              </>
            }
            {...form.register('events')}
          />
        ))}
        {eventsError ? <ErrorNote role="alert">{eventsError}</ErrorNote> : null}
      </fieldset>
      {create.isError && !serverErrors ? <ErrorNote role="alert">{create.error.message}</ErrorNote> : null}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? keysAr.hookCreating : keysAr.hookCreate}
      </Button>
    </form>
  );
}
