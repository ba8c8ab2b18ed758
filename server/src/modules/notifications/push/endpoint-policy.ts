/**
 * A push endpoint is a URL the customer's browser hands us, so anyone can post any URL: only
 * the browsers' push services are accepted (`PUSH_ENDPOINT_HOSTS`; `*.host` stands for its
 * subdomains), https unless `OUTBOUND_ALLOW_PRIVATE=1`. The outbound guard still checks the
 * address it resolves to when a push is sent.
 */
export function pushEndpointAllowed(endpoint: string, hosts: string[], allowPrivate: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return false;
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => (h.startsWith('*.') ? host.endsWith(h.slice(1)) && host.length > h.length - 1 : host === h));
}

export const pushEndpointRefusedMsg = 'عنوان الإشعارات غير مقبول؛ يقبل المتجر خدمات إشعارات المتصفحات فقط';
