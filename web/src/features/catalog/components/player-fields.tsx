import type { Product } from '@raseed/contract';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { t } from '@/lib/i18n';
import { latinDigitsField } from '@/lib/latin-digits-field';
import { fieldLabels } from '../lib/order-labels';
import { TextField } from './text-field';

type Props = {
  id: string;
  product: Product;
  first: UseFormRegisterReturn;
  second: UseFormRegisterReturn;
  firstError: string | undefined;
  secondError: string | undefined;
  /** The check-player button and its result, shown for `id` products only. */
  checker: { button: ReactNode; result: ReactNode };
};

/**
 * The two fields every player order starts with, labelled by product type (spec §5): the
 * player id / username / link, then the name or the account password.
 */
export function PlayerFields({ id, product, first, second, firstError, secondError, checker }: Props) {
  const labels = fieldLabels(product.type);
  const canCheck = product.type === 'id';
  return (
    <>
      <TextField
        id={`${id}-first`}
        label={t(labels.first)}
        error={firstError}
        autoComplete="off"
        maxLength={300}
        ltr
        addon={canCheck ? checker.button : undefined}
        hint={canCheck ? checker.result : undefined}
        {...latinDigitsField(first)}
      />
      <TextField
        id={`${id}-second`}
        label={t(labels.second)}
        error={secondError}
        type={labels.secondIsPassword ? 'password' : 'text'}
        autoComplete={labels.secondIsPassword ? 'new-password' : 'off'}
        ltr={labels.secondIsPassword}
        maxLength={300}
        {...second}
      />
    </>
  );
}
