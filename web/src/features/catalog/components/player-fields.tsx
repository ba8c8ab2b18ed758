import { orderLimits, type Product } from '@raseed/contract';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { t } from '@/lib/i18n';
import { latinDigitsField } from '@/lib/latin-digits-field';
import { fieldLabels } from '../lib/order-labels';
import { TextField } from '@/components/ui/text-field';
import { useSessionState } from '@/lib/session-store';
import { useSavedPlayersSlot } from '../saved-players-slot';
import { useCheckPlayerControl } from './check-player-control';

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
 * The two fields every player order starts with, labelled by product type (docs/product-rules.md#validation): the
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
        maxLength={orderLimits.field}
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
        maxLength={orderLimits.field}
        {...second}
      />
    </>
  );
}

/** What an order form with the `first` and `second` player fields offers (react-hook-form's useForm). */
type PlayerForm = {
  register(name: 'first' | 'second'): UseFormRegisterReturn;
  getValues(name: 'first'): string;
  trigger(name: 'first'): Promise<boolean>;
  setValue(name: 'first' | 'second', value: string, options?: { shouldValidate?: boolean }): void;
  watch(name: 'first'): string;
  formState: {
    errors: {
      first?: { message?: string | undefined } | undefined;
      second?: { message?: string | undefined } | undefined;
    };
  };
};

/**
 * The player fields of an order form wired to its check-player control: an empty id marks the
 * field, a found name fills the second field. Above them, the customer's saved players of this
 * product's type fill both in one tap; below, a warning when check-player names a saved id
 * differently than last time. Shared by the fixed and free-quantity forms.
 */
export function usePlayerOrderFields(id: string, product: Product, form: PlayerForm) {
  const { user } = useSessionState();
  const { Picker, useNameChange } = useSavedPlayersSlot();
  const nameChange = useNameChange(product.type, Boolean(user));
  const checker = useCheckPlayerControl({
    productId: product.id,
    readPlayerId: () => {
      const value = form.getValues('first').trim();
      if (!value) void form.trigger('first');
      return value || null;
    },
    onFound: (name) => {
      form.setValue('second', name);
      nameChange.checked(form.getValues('first'), name);
    },
  });
  const errors = form.formState.errors;
  const warning = nameChange.warningFor(form.watch('first') ?? '');
  const fields = (
    <>
      <Picker
        product={product}
        onPick={(p) => {
          form.setValue('first', p.player_id, { shouldValidate: true });
          if (product.type === 'id') form.setValue('second', p.player_name ?? '');
        }}
      />
      <PlayerFields
        id={id}
        product={product}
        first={form.register('first')}
        second={form.register('second')}
        firstError={errors.first?.message}
        secondError={errors.second?.message}
        checker={checker}
      />
      {warning ? (
        <p role="alert" className="rounded-xl bg-warn-bg p-3 text-sm font-bold text-warn">
          {warning}
        </p>
      ) : null}
    </>
  );
  /** What the purchase review warns about the player before the customer confirms, if anything. */
  const reviewWarning = () =>
    checker.isNotFound(form.watch('first')) ? t('review.playerNotFound') : nameChange.warningFor(form.watch('first'));
  return { checker, fields, reviewWarning };
}
