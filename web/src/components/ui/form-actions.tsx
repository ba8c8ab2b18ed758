import { Button } from './button';

export type FormActionLabels = { save: string; saving: string; cancel: string };

/** Save and cancel under an inline editor form. */
export function FormActions({
  pending,
  onCancel,
  labels,
}: {
  pending: boolean;
  onCancel: () => void;
  labels: FormActionLabels;
}) {
  return (
    <div className="flex flex-wrap gap-2 sm:col-span-2">
      <Button type="submit" disabled={pending}>
        {pending ? labels.saving : labels.save}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        {labels.cancel}
      </Button>
    </div>
  );
}
