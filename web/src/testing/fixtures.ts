import type { Settings, User } from '@raseed/contract';

export const testUser: User = {
  id: 7,
  name: 'سارة',
  email: 'sara@example.com',
  phone: '+963900000000',
  img: null,
  balance: '1234.5',
  deposit: '0',
  is_enable2fa: false,
  role: 'customer',
  has_password: true,
  api_access: false,
  storefront_id: 1,
};

export const testSettings: Settings = {
  name: 'متجر رصيد',
  logo: 'https://cdn.example.com/logo.png',
  cover: null,
  news: 'خصم على بطاقات الألعاب',
  whatsapp: '+963 933 111 222',
  facebook: 'https://facebook.com/raseed',
  telegram: null,
  instagram: 'raseed.store',
  online: true,
  currency_mode: 'usd',
  theme_color: null,
};

/** Puts a signed-in session in local storage, as a previous visit would have stored it. */
export function storeSession(user: User = testUser, token = 'test-token'): void {
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('token', token);
}
