import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formActionLabels } from '@/lib/console/copy-ar';
import { TextArea } from '@/components/ui/text-area';
import { Checkbox } from '@/components/ui/checkbox';
import { TextField } from '@/components/ui/text-field';
import { Select, type SelectOption } from '@/components/ui/select';
import { FormActions } from '@/components/ui/form-actions';
import { ImageField, imageValues, useImagePick } from './image-field';
import { saveCallbacks } from '@/lib/console/save-callbacks';
import { PreviewAside } from './editor-parts';

export type FieldSpec = {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'number' | 'checkbox' | 'tel' | 'url' | 'select';
  ltr?: boolean;
  maxLength?: number;
  /** The choices of a `select`. */
  options?: ReadonlyArray<SelectOption>;
  /** Shown under the field. */
  hint?: string;
  inputMode?: 'decimal' | 'numeric';
};

export type SaveMutation = {
  mutate: (
    v: { id?: number; values: Record<string, unknown> },
    o: { onSuccess: () => void; onError: (e: unknown) => void },
  ) => void;
  isPending: boolean;
};

type EntityFormProps = {
  id?: number | undefined;
  fields: FieldSpec[];
  /** The contract's input schema: the form is checked by the same rules as the server. */
  schema: z.ZodObject;
  defaults: FieldValues;
  currentImg: string | null;
  withImage: boolean;
  /** Sent with every save but not edited here (e.g. the category of a department). */
  fixed?: Record<string, unknown>;
  preview: (values: FieldValues, img: string | null) => ReactNode;
  save: SaveMutation;
  onDone: () => void;
};

/** A create/edit form for one row, with an image picker and a live preview of what customers will see. */
export function EntityForm({
  id,
  fields,
  schema,
  defaults,
  currentImg,
  withImage,
  fixed,
  preview,
  save,
  onDone,
}: EntityFormProps) {
  const pick = useImagePick(currentImg);
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema.omit({ img: true }) as z.ZodObject, undefined, { raw: true }),
    defaultValues: defaults,
  });
  const values = form.watch();
  const errorOf = (name: string) => form.formState.errors[name]?.message as string | undefined;

  const submit = form.handleSubmit((v) => {
    save.mutate(
      { ...(id ? { id } : {}), values: { ...v, ...fixed, ...(withImage ? imageValues(pick) : {}) } },
      saveCallbacks(onDone, form.setError),
    );
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className={
        'grid grid-cols-1 gap-4 rounded-2xl border border-accent/40 ' +
        'bg-surface p-4 lg:grid-cols-[minmax(0,1fr)_16rem]'
      }
    >
      <div className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
        {fields.map((f) =>
          f.kind === 'checkbox' ? (
            <Checkbox key={f.name} label={f.label} error={errorOf(f.name)} {...form.register(f.name)} />
          ) : f.kind === 'select' ? (
            <Select
              key={f.name}
              label={f.label}
              hint={f.hint}
              options={f.options ?? []}
              error={errorOf(f.name)}
              {...form.register(f.name)}
            />
          ) : f.kind === 'textarea' ? (
            <div key={f.name} className="sm:col-span-2">
              <TextArea label={f.label} maxLength={f.maxLength} error={errorOf(f.name)} {...form.register(f.name)} />
            </div>
          ) : (
            <TextField
              key={f.name}
              label={f.label}
              type={f.kind === 'number' ? 'number' : f.kind}
              ltr={f.ltr}
              maxLength={f.maxLength}
              hint={f.hint}
              inputMode={f.inputMode}
              error={errorOf(f.name)}
              {...form.register(f.name)}
            />
          ),
        )}
        {withImage ? (
          <div className="sm:col-span-2">
            <ImageField pick={pick} hasCurrent={Boolean(currentImg)} error={errorOf('img')} />
          </div>
        ) : null}
        <FormActions pending={save.isPending} onCancel={onDone} labels={formActionLabels()} />
      </div>
      <PreviewAside>{preview(values, pick.url)}</PreviewAside>
    </form>
  );
}
