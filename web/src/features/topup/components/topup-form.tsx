import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Bank,
  type Charge,
  readTopupAmount,
  readTransferRef,
  TOPUP_AMOUNT_MAX_LENGTH,
  TRANSFER_REF_MAX_LENGTH,
} from '@raseed/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Card } from '@/components/ui/card';
import { ErrorNote } from '@/components/ui/error-note';
import { describedBy, Field } from '@/components/ui/field';
import { FilePicker } from '@/components/ui/file-picker';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { latinDigitsField } from '@/lib/latin-digits-field';
import { useRequestTopup, useUploadLimit } from '../api';
import { shrinkPhoto } from '../lib/shrink-photo';
import { RatePreview } from './rate-preview';
import { Button } from '@/components/ui/button';

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

const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf,.pdf';

const megabytes = (bytes: number) => String(Number((bytes / 1024 / 1024).toFixed(1)));

/** A blob: URL of the chosen image for the preview, released when the choice changes (none for a PDF). */
function usePreview(file: File | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file?.type.startsWith('image/')) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

type TopupFormProps = {
  bank: Bank;
  /** The amount to start from (a new receipt for a rejected request). */
  initialAmount?: string;
  onSent: (charge: Charge) => void;
};

/**
 * The amount transferred (in the bank's currency, with the dollars it credits) and the receipt: a photo, shrunk
 * in the browser when large, or a PDF. A file still over the server's limit is refused before it is sent.
 */
export function TopupForm({ bank, initialAmount = '', onSent }: TopupFormProps) {
  const mutation = useRequestTopup();
  const uploadLimit = useUploadLimit();
  const [preparing, setPreparing] = useState(false);
  const { register, handleSubmit, watch, reset, setError, formState } = useForm<TopupValues>({
    resolver: zodResolver(schema),
    defaultValues: { amount: initialAmount, transfer_ref: '', img: undefined },
  });
  const { errors } = formState;
  const image = watch('img')?.[0];
  const amount = watch('amount');
  const preview = usePreview(image);

  const onSubmit = handleSubmit(async (values) => {
    const chosen = values.img?.[0];
    if (!chosen) return;
    setPreparing(true);
    const image = await shrinkPhoto(chosen).finally(() => setPreparing(false));
    if (uploadLimit !== null && image.size > uploadLimit) {
      setError('img', { message: t('topup.fileTooLarge', { mb: megabytes(uploadLimit) }) });
      return;
    }
    mutation.mutate(
      { bankId: bank.id, amount: values.amount.trim(), image, transferRef: values.transfer_ref.trim() },
      {
        onSuccess: (reply) => {
          toast.success(t('topup.sent'));
          reset();
          onSent(reply.data.charge);
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
        <TextField
          id="topup-amount"
          size="md"
          type="text"
          autoComplete="off"
          ltr
          alertError
          label={t(`topup.amountIn.${bank.currency}`)}
          error={errors.amount?.message}
          inputMode="decimal"
          maxLength={TOPUP_AMOUNT_MAX_LENGTH}
          {...latinDigitsField(register('amount'))}
        />
        <RatePreview bank={bank} amount={amount} />
        <TextField
          id="topup-reference"
          size="md"
          type="text"
          autoComplete="off"
          ltr
          alertError
          label={t('topup.reference')}
          hint={t('topup.referenceHint')}
          error={errors.transfer_ref?.message}
          maxLength={TRANSFER_REF_MAX_LENGTH + 20}
          {...latinDigitsField(register('transfer_ref'))}
        />

        <div>
          <Field
            id="topup-image"
            size="md"
            label={t('topup.image')}
            hint={t('topup.imageHint')}
            error={errors.img?.message}
            alertError
          >
            <div
              className={
                'flex items-center gap-3 rounded-xl border border-line bg-surface-2 ' +
                'p-2 has-[[aria-invalid=true]]:border-danger'
              }
            >
              <FilePicker
                id="topup-image"
                variant="primary"
                accept={ACCEPT}
                pickLabel={t('topup.pickImage')}
                fileName={image?.name ?? t('topup.noImage')}
                {...describedBy('topup-image', { error: errors.img?.message, hint: true })}
                {...register('img')}
              />
            </div>
          </Field>
          {preview ? (
            <img
              src={preview}
              alt={t('topup.preview')}
              className="mt-3 max-h-64 w-auto max-w-full rounded-xl border border-line object-contain"
            />
          ) : null}
        </div>

        {errors.root?.message ? <ErrorNote role="alert">{errors.root.message}</ErrorNote> : null}

        <Button type="submit" disabled={mutation.isPending || preparing} size="lg">
          {mutation.isPending || preparing ? t('topup.processing') : t('topup.send')}
        </Button>
      </form>
    </Card>
  );
}
