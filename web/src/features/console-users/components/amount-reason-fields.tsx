import { TextField } from '@/components/ui/text-field';

type Props = {
  amountLabel: string;
  reasonLabel: string;
  amount: string;
  reason: string;
  errors: { amount?: string[] | undefined; reason?: string[] | undefined };
  onAmount: (value: string) => void;
  onReason: (value: string) => void;
};

/** The amount (decimal, left to right) and reason pair of every balance move an operator makes. */
export function AmountReasonFields({ amountLabel, reasonLabel, amount, reason, errors, onAmount, onReason }: Props) {
  return (
    <>
      <TextField
        label={amountLabel}
        ltr
        inputMode="decimal"
        maxLength={24}
        value={amount}
        error={errors.amount?.[0]}
        onChange={(e) => onAmount(e.target.value)}
      />
      <TextField
        label={reasonLabel}
        maxLength={300}
        value={reason}
        error={errors.reason?.[0]}
        onChange={(e) => onReason(e.target.value)}
      />
    </>
  );
}
