import { zodResolver } from '@hookform/resolvers/zod';
import { readTopupAmount, readTransferRef, TOPUP_AMOUNT_MAX_LENGTH, TRANSFER_REF_MAX_LENGTH } from '@raseed/contract';
import { type InputHTMLAttributes, type Ref, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Card } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { latinDigitsField } from '@/lib/latin-digits-field';
import { useRequestTopup } from '../api';

// docs/product-rules.md#validation: no image asks for one; an amount reading as zero or less asks for the amount. A
// non-numeric amount passes here and the server's message shows beside the field instead.
const schema = z.object({
  amount: z
    .string()
    .max(TOPUP_AMOUNT_MAX_LENGTH)
    .refine((v) => {
      const read = readTopupAmount(v);
      return !('error' in read && read.error === 'required');
    }, t('topup.amountRequired')),
  transfer_ref: z.string().refine((v) => !('error' in readTransferRef(v)), t('topup.referenceInvalid')),
  img: z.custom<FileList | undefined>().refine((files) => Boolean(files?.length), t('topup.imageRequired')),
});
type TopupValues = z.infer<typeof schema>;

const SERVER_FIELDS = { amount: 'amount', transfer_ref: 'transfer_ref', img: 'img' } as const;

const inputClass =
  'w-full rounded-xl border border-line bg-surface-2 px-3 py-2.5 text-fg placeholder:text-muted ' +
  'focus:border-accent focus:outline-none aria-[invalid=true]:border-danger';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} role="alert" className="mt-1 text-sm text-danger">
      {message}
    </p>
  ) : null;
}

type LtrFieldProps = {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string;
} & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A Latin-only text field (an amount, a transfer number) typed left to right inside the RTL form. */
function LtrField({ id, label, error, hint, ...input }: LtrFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-bold text-fg">
        {label}
      </label>
      <input
        id={id}
        type="text"
        autoComplete="off"
        dir="ltr"
        className={`${inputClass} text-end`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A blob: URL of the chosen image for the preview, released when the choice changes. */
function usePreview(file: File | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** The amount transferred and the receipt image, sent for the chosen bank. */
export function TopupForm({ bankId }: { bankId: number }) {
  const mutation = useRequestTopup();
  const { register, handleSubmit, watch, reset, setError, formState } = useForm<TopupValues>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', transfer_ref: '', img: undefined },
  });
  const { errors } = formState;
  const image = watch('img')?.[0];
  const preview = usePreview(image);

  const onSubmit = handleSubmit((values) => {
    const image = values.img?.[0];
    if (!image) return;
    mutation.mutate(
      { bankId, amount: values.amount.trim(), image, transferRef: values.transfer_ref.trim() },
      {
        onSuccess: () => {
          toast.success(t('topup.sent'));
          reset();
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.errors : undefined;
          let placed = false;
          for (const [name, field] of Object.entries(SERVER_FIELDS)) {
            const message = fields?.[name]?.[0];
            if (message) {
              setError(field, { message });
              placed = true;
            }
          }
          if (!placed) setError('root', { message: error.message || t('request.error') });
        },
      },
    );
  });

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <LtrField
          id="topup-amount"
          label={t('topup.amountIn')}
          error={errors.amount?.message}
          inputMode="decimal"
          maxLength={TOPUP_AMOUNT_MAX_LENGTH}
          {...latinDigitsField(register('amount'))}
        />
        <LtrField
          id="topup-reference"
          label={t('topup.reference')}
          hint={t('topup.referenceHint')}
          error={errors.transfer_ref?.message}
          maxLength={TRANSFER_REF_MAX_LENGTH + 20}
          {...latinDigitsField(register('transfer_ref'))}
        />

        <div>
          <label htmlFor="topup-image" className="mb-1 block font-bold text-fg">
            {t('topup.image')}
          </label>
          {/* The native picker would label itself in the browser's language; this one speaks Arabic. */}
          <div
            className={
              'flex items-center gap-3 rounded-xl border border-line bg-surface-2 ' +
              'p-2 has-[[aria-invalid=true]]:border-danger'
            }
          >
            <input
              id="topup-image"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="peer sr-only"
              aria-invalid={errors.img ? true : undefined}
              aria-describedby={errors.img ? 'topup-image-error' : 'topup-image-hint'}
              {...register('img')}
            />
            <label
              htmlFor="topup-image"
              className={
                'inline-flex h-10 shrink-0 cursor-pointer items-center rounded-lg bg-accent px-4 ' +
                'font-bold text-accent-fg transition-colors hover:bg-accent-strong ' +
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 ' +
                'peer-focus-visible:outline-accent'
              }
            >
              {t('topup.pickImage')}
            </label>
            <span className="min-w-0 truncate text-sm text-muted">{image?.name ?? t('topup.noImage')}</span>
          </div>
          <p id="topup-image-hint" className="mt-1 text-xs text-muted">
            {t('topup.imageHint')}
          </p>
          <FieldError id="topup-image-error" message={errors.img?.message} />
          {preview ? (
            <img
              src={preview}
              alt={t('topup.preview')}
              className="mt-3 max-h-64 w-auto max-w-full rounded-xl border border-line object-contain"
            />
          ) : null}
        </div>

        {errors.root?.message ? (
          <p role="alert" className="rounded-xl bg-danger-bg px-3 py-2 text-sm text-danger">
            {errors.root.message}
          </p>
        ) : null}

        <button
          type="submit"
          disabled={mutation.isPending}
          className={
            'inline-flex h-12 items-center justify-center rounded-xl bg-accent px-6 font-bold ' +
            'text-accent-fg transition-colors hover:bg-accent-strong disabled:cursor-wait ' +
            'disabled:opacity-70'
          }
        >
          {mutation.isPending ? t('topup.processing') : t('topup.send')}
        </button>
      </form>
    </Card>
  );
}
