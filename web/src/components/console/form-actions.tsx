import { ot } from '@/lib/console/copy-ar';
import { primaryButton, secondaryButton } from './styles';

/** Save and cancel under an inline editor form. */
export function FormActions({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2 sm:col-span-2">
      <button type="submit" className={primaryButton} disabled={pending}>
        {pending ? ot('form.saving') : ot('form.save')}
      </button>
      <button type="button" className={secondaryButton} onClick={onCancel}>
        {ot('form.cancel')}
      </button>
    </div>
  );
}
