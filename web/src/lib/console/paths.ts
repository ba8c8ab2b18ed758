/** Paths of the operator console, all under /admin. */
export const adminPaths = {
  dashboard: '/admin',
  orders: '/admin/orders',
  topups: '/admin/charges',
  topup: (id: number | string) => `/admin/charges/${id}`,
  catalog: '/admin/catalog',
  category: (id: number | string) => `/admin/catalog/${id}`,
  newProduct: (categoryId: number | string) => `/admin/catalog/${categoryId}/products/new`,
  product: (categoryId: number | string, id: number | string) => `/admin/catalog/${categoryId}/products/${id}`,
  settings: '/admin/settings',
  sliders: '/admin/sliders',
  banks: '/admin/banks',
  partners: '/admin/partners',
  suppliers: '/admin/suppliers',
  users: '/admin/users',
  audit: '/admin/audit',
  numbers: '/admin/numbers',
} as const;
