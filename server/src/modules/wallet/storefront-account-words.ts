/** What a storefront's account says: its ledger lines' reasons and the customer's refusal. */

/** An order's debit line reads «طلب #id بسعر المزوّد»: cut around the id, which a statement may assign. */
export const ORDER_INFO = ['طلب #', ' بسعر المزوّد'] as const;

export const storefrontAccountMsg = {
  /** The customer's: their store cannot take the order now; the provider is not named. */
  cannotCover:
    'تعذّر على المتجر تنفيذ هذا الطلب حالياً، ولم يُخصم أي مبلغ من رصيدك. يرجى المحاولة لاحقاً أو التواصل مع المتجر',
  orderInfo: (id: number | string) => `${ORDER_INFO[0]}${id}${ORDER_INFO[1]}`,
  orderRefundInfo: (id: number) => `استرداد الطلب #${id}`,
  numberInfo: (id: number) => `شراء رقم #${id} بسعر المزوّد`,
  numberRefundInfo: (id: number) => `استرداد شراء الرقم #${id}`,
} as const;
