import { authLimits } from '@raseed/contract';
import type { ComponentProps } from 'react';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/lib/i18n';

/** The e-mail box of the account forms: read left to right, the browser's saved address offered. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'label' | 'type'>) {
  return (
    <TextField label={t('auth.email')} type="email" autoComplete="email" maxLength={authLimits.email} ltr {...props} />
  );
}
