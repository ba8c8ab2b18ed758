import type { Bank } from '@raseed/contract';
import { t } from '@/lib/i18n';

type BankPickerProps = {
  banks: Bank[];
  value: number | null;
  onChange: (bankId: number) => void;
};

/** The payment methods as a radio group of cards, each with the bank's image and name. */
export function BankPicker({ banks, value, onChange }: BankPickerProps) {
  return (
    <fieldset>
      <legend className="mb-3 text-lg font-bold text-fg">{t('topup.methods')}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {banks.map((bank) => (
          <div key={bank.id}>
            <input
              type="radio"
              id={`bank-${bank.id}`}
              name="bank"
              value={bank.id}
              checked={value === bank.id}
              onChange={() => onChange(bank.id)}
              className="peer sr-only"
            />
            <label
              htmlFor={`bank-${bank.id}`}
              className={
                'flex h-full cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 ' +
                'border-line bg-surface p-3 text-center transition-colors hover:border-accent/60 ' +
                'peer-checked:border-accent peer-checked:bg-surface-2 peer-focus-visible:outline-2 ' +
                'peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent'
              }
            >
              {bank.img ? (
                <img src={bank.img} alt="" className="aspect-[3/2] w-full rounded-xl object-cover" />
              ) : (
                <span
                  aria-hidden="true"
                  className="aspect-[3/2] w-full rounded-xl bg-gradient-to-br from-surface-2 to-line"
                />
              )}
              <span className="font-bold text-fg">{bank.name}</span>
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
