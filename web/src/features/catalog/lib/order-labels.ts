import type { ProductType } from '@raseed/contract';
import type { CopyKey } from '@/lib/i18n';

/** docs/product-rules.md#validation: the two fields are named by product type; `account` asks for a password. */
export function fieldLabels(type: ProductType): { first: CopyKey; second: CopyKey; secondIsPassword: boolean } {
  switch (type) {
    case 'id':
      return { first: 'label.id.first', second: 'label.id.second', secondIsPassword: false };
    case 'account':
      return { first: 'label.account.first', second: 'label.account.second', secondIsPassword: true };
    default:
      return { first: 'label.other.first', second: 'label.other.second', secondIsPassword: false };
  }
}
