import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminDepartment,
  type AdminProduct,
  KEYWORDS_MAX,
  productInput,
  REDEEM_INSTRUCTIONS_MAX,
} from '@raseed/contract';
import { type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'react-toastify';
import { useSaveProduct } from '../api/catalog';
import { ot } from '@/lib/console/copy-ar';
import { DeliveryFields, deliveryDefaults, deliveryValues } from './delivery-fields';
import { TextArea } from '@/components/ui/text-area';
import { Checkbox } from '@/components/ui/checkbox';
import { TextField } from '@/components/ui/text-field';
import { Select } from '@/components/ui/select';
import { ImageField, imageValues, useImagePick } from '@/components/console/image-field';
import { ProductPreview } from './product-preview';
import { showServerErrors } from '@/lib/error-toast';
import { PreviewAside, SaveButton } from '@/components/console/editor-parts';
import { Card } from '@/components/ui/card';

const types = (['id', 'account', 'code', 'other'] as const).map((v) => ({ value: v, label: ot(`type.${v}`) }));

function defaults(categoryId: number, p?: AdminProduct): FieldValues {
  return {
    category_id: categoryId,
    department_id: p?.department_id ? String(p.department_id) : '',
    name: p?.name ?? '',
    keywords: p?.keywords ?? '',
    info: p?.info ?? '',
    redeem_instructions: p?.redeem_instructions ?? '',
    type: p?.type ?? 'id',
    available: p?.available ?? true,
    price: p?.price ?? '',
    price_syr: p?.price_syr ?? '0',
    price_tr: p?.price_tr ?? '0',
    is_discount: p?.is_discount ?? false,
    discount: p?.discount ?? 0,
    free: p?.free ?? false,
    min: p?.min ?? 1,
    max: p?.max ?? 1,
    unit_price: p?.unit_price ?? '0',
    unit_price_tr: p?.unit_price_tr ?? '0',
    player_resolver: p?.player_resolver ?? '',
    sort: p?.sort ?? 0,
    ...deliveryDefaults(p),
  };
}

/** Every field of a product, checked by the contract's rules, with a live card preview. */
export function ProductForm({
  categoryId,
  product,
  departments,
  onSaved,
}: {
  categoryId: number;
  product?: AdminProduct;
  departments: AdminDepartment[];
  onSaved: (p: AdminProduct) => void;
}) {
  const save = useSaveProduct();
  const pick = useImagePick(product?.img ?? null);
  const form = useForm<FieldValues>({
    resolver: zodResolver(productInput.omit({ img: true }) as z.ZodObject, undefined, { raw: true }),
    defaultValues: defaults(categoryId, product),
  });
  const values = form.watch();
  const err = (name: string) => form.formState.errors[name]?.message as string | undefined;
  const reg = (name: string) => ({ ...form.register(name), error: err(name) });

  const submit = form.handleSubmit((all) => {
    const { values: v, errors } = deliveryValues(all);
    for (const [name, message] of Object.entries(errors)) form.setError(name, { message });
    if (Object.keys(errors).length > 0) return;
    save.mutate(
      { ...(product ? { id: product.id } : {}), values: { ...v, ...imageValues(pick) } },
      {
        onSuccess: (reply) => {
          toast.success(ot('admin.saved'));
          onSaved(reply.data.product);
        },
        onError: (e) => showServerErrors(e, form.setError),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <Card className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label={ot('field.name')} maxLength={160} {...reg('name')} />
        <TextField
          label={ot('field.keywords')}
          hint={ot('field.keywordsHint')}
          maxLength={KEYWORDS_MAX}
          autoComplete="off"
          {...reg('keywords')}
        />
        <Select
          label={ot('field.department')}
          options={[
            { value: '', label: ot('catalog.noDepartment') },
            ...departments.map((d) => ({ value: String(d.id), label: d.name })),
          ]}
          {...reg('department_id')}
        />
        <Select label={ot('field.type')} options={types} {...reg('type')} />
        <TextField label={ot('field.sort')} type="number" {...reg('sort')} />
        <TextField label={ot('field.price')} ltr inputMode="decimal" maxLength={24} {...reg('price')} />
        <TextField label={ot('field.priceSyr')} ltr inputMode="decimal" maxLength={24} {...reg('price_syr')} />
        <TextField label={ot('field.priceTr')} ltr inputMode="decimal" maxLength={24} {...reg('price_tr')} />
        <div className="flex flex-col justify-end">
          <Checkbox label={ot('field.available')} {...reg('available')} />
        </div>
        <Checkbox label={ot('field.isDiscount')} {...reg('is_discount')} />
        <TextField label={ot('field.discount')} type="number" min={0} max={100} {...reg('discount')} />
        <div className="sm:col-span-2">
          <Checkbox label={ot('field.free')} {...reg('free')} />
        </div>
        {values.free ? (
          <>
            <TextField label={ot('field.min')} type="number" min={1} {...reg('min')} />
            <TextField label={ot('field.max')} type="number" min={1} {...reg('max')} />
            <TextField label={ot('field.unitPrice')} ltr inputMode="decimal" maxLength={24} {...reg('unit_price')} />
            <TextField
              label={ot('field.unitPriceTr')}
              ltr
              inputMode="decimal"
              maxLength={24}
              {...reg('unit_price_tr')}
            />
          </>
        ) : null}
        <div className="sm:col-span-2">
          <TextArea label={ot('field.info')} rows={4} maxLength={5000} {...reg('info')} />
        </div>
        <div className="sm:col-span-2">
          <TextArea
            label={ot('field.redeem')}
            hint={ot('field.redeemHint')}
            rows={4}
            maxLength={REDEEM_INSTRUCTIONS_MAX}
            {...reg('redeem_instructions')}
          />
        </div>
        <TextField label={ot('field.resolver')} ltr maxLength={40} {...reg('player_resolver')} />
        <DeliveryFields form={form} stockReady={product?.delivery === 'stock'} />
        <div className="sm:col-span-2">
          <ImageField pick={pick} hasCurrent={Boolean(product?.img)} error={err('img')} />
        </div>
        {err('category_id') ? <p className="text-sm text-danger sm:col-span-2">{err('category_id')}</p> : null}
        <SaveButton pending={save.isPending} />
      </Card>
      <PreviewAside sticky>
        <ProductPreview values={values} img={pick.url} />
      </PreviewAside>
    </form>
  );
}
