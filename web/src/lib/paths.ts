/**
 * Every route path of the store, in one place. Patterns are what the route table matches;
 * `hrefs` build concrete links so no screen formats a URL by hand.
 */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  // The link in the reset e-mail (the server's password-reset.ts resetLink): the token is in the fragment.
  resetPassword: '/reset-password',
  // Spelling kept as the product has it: links in e-mails and bookmarks already use it.
  challenge: '/challenge-tow-factory',
  category: '/categories/:id',
  department: '/departments/:id',
  product: '/products/:id',
  partners: '/partners',
  orders: '/orders',
  order: '/orders/:id',
  topup: '/payments',
  topups: '/charges',
  wallet: '/balances',
  profile: '/profile',
  notifications: '/notifications',
  enable2fa: '/enable-2fa',
  apiKeys: '/api-keys',
  numbers: '/invoices',
  admin: '/admin/*',
} as const;

type Id = number | string;

export const hrefs = {
  category: (id: Id) => `/categories/${encodeURIComponent(id)}`,
  department: (id: Id) => `/departments/${encodeURIComponent(id)}`,
  product: (id: Id) => `/products/${encodeURIComponent(id)}`,
  order: (id: Id) => `/orders/${encodeURIComponent(id)}`,
  admin: () => '/admin',
} as const;
