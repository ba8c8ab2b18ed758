import { useEffect, useId, useState } from 'react';
import { ot } from '@/lib/console/copy-ar';
import { Checkbox } from '@/components/ui/checkbox';
import { fieldErrorClass, labelClass } from '@/components/ui/field';
import { FilePicker } from '@/components/ui/file-picker';

export type ImagePick = {
  file: File | null;
  remove: boolean;
  /** What the preview shows: the chosen file, else the current image unless it is being removed. */
  url: string | null;
  setFile(file: File | null): void;
  setRemove(remove: boolean): void;
};

/** The state of an image input with a live preview of the chosen file (an object URL, freed when replaced). */
export function useImagePick(current: string | null | undefined): ImagePick {
  const [file, setFile] = useState<File | null>(null);
  const [remove, setRemove] = useState(false);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setObjectUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return { file, remove, url: objectUrl ?? (remove ? null : (current ?? null)), setFile, setRemove };
}

type ImageFieldProps = {
  pick: ImagePick;
  label?: string;
  removeLabel?: string;
  /** Offer "remove" only when there is an image to remove. */
  hasCurrent: boolean;
  error?: string | undefined;
};

export function ImageField({
  pick,
  label = ot('field.image'),
  removeLabel = ot('field.removeImage'),
  hasCurrent,
  error,
}: ImageFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex items-center gap-3">
        <div
          className={
            'flex size-20 shrink-0 items-center justify-center overflow-hidden ' +
            'rounded-xl border border-line bg-surface-2'
          }
        >
          {pick.url ? (
            <img src={pick.url} alt="" className="size-full object-cover" />
          ) : (
            <span className="text-xs text-muted">{ot('form.noImage')}</span>
          )}
        </div>
        <FilePicker
          id={id}
          accept="image/png,image/jpeg,image/webp"
          aria-invalid={error ? true : undefined}
          pickLabel={ot('form.pickImage')}
          fileName={pick.file?.name ?? ot('form.noFile')}
          onChange={(e) => pick.setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      {hasCurrent && !pick.file ? (
        <Checkbox label={removeLabel} checked={pick.remove} onChange={(e) => pick.setRemove(e.target.checked)} />
      ) : null}
      {error ? <p className={fieldErrorClass}>{error}</p> : null}
    </div>
  );
}

/** The image part of a save: a new file, or a request to drop the current one. */
export function imageValues(pick: ImagePick, field = 'img', removeField = 'remove_img'): Record<string, unknown> {
  if (pick.file) return { [field]: pick.file };
  return pick.remove ? { [removeField]: true } : {};
}
