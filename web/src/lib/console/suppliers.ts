import { adminSuppliersReply } from '@raseed/contract';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '@/lib/api-client';
import { operatorKeys } from './query-keys';

/** The suppliers, for their own screen and for a product's delivery settings (which name one). */
export function useSuppliers() {
  return useQuery({
    queryKey: operatorKeys.suppliers(),
    queryFn: async () => (await adminApi.get('/suppliers', adminSuppliersReply)).data.suppliers,
  });
}
