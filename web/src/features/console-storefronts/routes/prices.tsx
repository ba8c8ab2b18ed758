import {
  type AdminCategory,
  type AdminProduct,
  effectivePrice,
  formatMicros,
  markUp,
  markupPercent,
  parseMoney,
  percentToBp,
  type StorefrontPrice,
  storefrontText,
} from '@raseed/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ListState } from '@/components/ui/list-state';
import { Page } from '@/components/ui/page';
import { Pager } from '@/components/ui/pager';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { ot } from '@/lib/console/copy-ar';
import { useScopedStorefront, useStorefronts } from '@/lib/console/storefronts';
import { toastError } from '@/lib/error-toast';
import { useCategories, useCategoryProducts, useStorefrontPrices, useUpdateStorefront } from '../api';
import { PriceRuleForm } from '../components/price-rule-form';

type Rules = { markup: number; of: (kind: StorefrontPrice['kind'], id: number) => StorefrontPrice | undefined };

const override = (rule: StorefrontPrice | undefined) =>
  rule
    ? { markup_bp: rule.markup_percent === null ? null : percentToBp(rule.markup_percent), hidden: rule.hidden }
    : undefined;

/** The storefront's own markup, changed on the storefront itself (PATCH). */
function MarkupForm({ storefront, percent }: { storefront: number; percent: number }) {
  const update = useUpdateStorefront();
  const [value, setValue] = useState(String(percent));
  const [error, setError] = useState<string>();
  function submit(e: FormEvent) {
    e.preventDefault();
    // The contract's rule; a blank is no markup typed, not 0.
    const parsed = markupPercent.safeParse(value.trim() === '' ? undefined : value);
    if (!parsed.success) return setError(storefrontText.markupInvalid);
    update.mutate(
      { id: storefront, patch: { markup_percent: parsed.data } },
      {
        onSuccess: () => {
          setError(undefined);
          toast.success(ot('admin.saved'));
        },
        onError: (err) => {
          setError(isApiError(err) ? err.errors?.markup_percent?.[0] : undefined);
          toastError(err);
        },
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate className="mb-5">
      <Card className="grid grid-cols-1 gap-3 sm:grid-cols-[16rem_auto] sm:justify-start">
        <TextField
          label={ot('prices.storeMarkup')}
          hint={ot('storefronts.markupHint')}
          ltr
          inputMode="decimal"
          maxLength={8}
          value={value}
          error={error}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" disabled={update.isPending} className="self-start sm:mt-7">
          {ot('prices.saveMarkup')}
        </Button>
      </Card>
    </form>
  );
}

function ProductRows({ storefront, category, rules }: { storefront: number; category: number; rules: Rules }) {
  const [page, setPage] = useState(1);
  const products = useCategoryProducts(category, page, true);
  const categoryRule = rules.of('category', category);
  const wider = categoryRule?.markup_percent ?? rules.markup;
  const priceOf = (p: AdminProduct) => {
    const { markupBp } = effectivePrice(
      percentToBp(rules.markup),
      override(categoryRule),
      override(rules.of('product', p.id)),
    );
    const provider = parseMoney(p.price) ?? 0;
    return ot('prices.priceLine', {
      provider: formatMicros(provider),
      price: formatMicros(markUp(provider, markupBp, 2)),
    });
  };
  return (
    <ListState query={products} isEmpty={(d) => d.products.length === 0} empty={ot('prices.noProducts')}>
      {(data) => (
        <>
          <ul className="flex flex-col divide-y divide-line border-s-2 border-line ps-3">
            {data.products.map((p) => (
              <li key={p.id} className="py-3">
                <PriceRuleForm
                  target={{ storefront, kind: 'product', id: p.id }}
                  name={p.name}
                  rule={rules.of('product', p.id)}
                  widerPercent={wider}
                >
                  <p className="text-sm text-muted">{priceOf(p)}</p>
                </PriceRuleForm>
              </li>
            ))}
          </ul>
          <Pager page={page} paginate={data.paginate} onPage={setPage} />
        </>
      )}
    </ListState>
  );
}

function CategoryBlock({ storefront, category, rules }: { storefront: number; category: AdminCategory; rules: Rules }) {
  const [open, setOpen] = useState(false);
  return (
    <Card as="li" padding="sm" className="flex flex-col gap-3">
      <PriceRuleForm
        target={{ storefront, kind: 'category', id: category.id }}
        name={category.name}
        rule={rules.of('category', category.id)}
        widerPercent={rules.markup}
      />
      <Button variant="outline" size="sm" className="self-start" aria-expanded={open} onClick={() => setOpen(!open)}>
        {`${ot(open ? 'prices.hideProducts' : 'prices.showProducts')}: ${category.name}`}
      </Button>
      {open ? <ProductRows storefront={storefront} category={category.id} rules={rules} /> : null}
    </Card>
  );
}

/** A storefront's prices: its markup, and a markup of their own or hiding for categories and products. */
export default function Prices() {
  const storefront = useScopedStorefront();
  const name = useStorefronts().data?.find((s) => s.id === storefront)?.name;
  const prices = useStorefrontPrices(storefront);
  const categories = useCategories();
  return (
    <Page title={name ? `${ot('prices.title')}: ${name}` : ot('prices.title')} description={ot('prices.description')}>
      <ListState query={prices}>
        {(data) => {
          const rules: Rules = {
            markup: data.markup_percent,
            of: (kind, id) => data.prices.find((r) => r.kind === kind && r.id === id),
          };
          return (
            <>
              <MarkupForm storefront={storefront} percent={data.markup_percent} />
              <h2 className="mb-3 text-lg font-bold text-fg">{ot('prices.categories')}</h2>
              <ListState query={categories} isEmpty={(c) => c.length === 0}>
                {(list) => (
                  <ul className="flex flex-col gap-3">
                    {list.map((c) => (
                      <CategoryBlock key={c.id} storefront={storefront} category={c} rules={rules} />
                    ))}
                  </ul>
                )}
              </ListState>
            </>
          );
        }}
      </ListState>
    </Page>
  );
}
