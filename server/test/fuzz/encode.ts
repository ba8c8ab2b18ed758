import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { ApiRoute } from './openapi-routes';

const asText = (v: unknown): string =>
  typeof v === 'string' ? v : v === undefined ? '' : (JSON.stringify(v) ?? String(v));

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encodes like a client; a lone surrogate goes out as the invalid UTF-8 bytes it would be. */
export function encodePart(value: string): string {
  return value.split(LONE_SURROGATE).map(encodeURIComponent).join('%ED%A0%80');
}

/** Fills the path template and query string; every value is percent-encoded as a client would. */
export function urlFor(route: ApiRoute, values: Record<string, string>): string {
  let url = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodePart(values[name] ?? '1'));
  const query = route.params.filter((p) => p.in === 'query' && values[p.name] !== undefined);
  if (query.length)
    url += `?${query.map((p) => `${encodePart(p.name)}=${encodePart(values[p.name] ?? '')}`).join('&')}`;
  return url;
}

/** A multipart body; values that are Buffers become file parts. */
export function multipart(fields: Record<string, unknown>): { payload: Buffer; contentType: string } {
  const boundary = `----fuzz${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (Buffer.isBuffer(value)) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; ` +
            `filename="r.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        value,
        Buffer.from('\r\n'),
      );
    } else {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${asText(value)}\r\n`),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The same body in the content type a route accepts (JSON, urlencoded or multipart). */
export function encodeBody(type: string, body: unknown): Pick<InjectOptions, 'payload' | 'headers'> {
  if (type === 'multipart/form-data') {
    const fields =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : { value: body };
    const { payload, contentType } = multipart(fields);
    return { payload, headers: { 'content-type': contentType } };
  }
  if (type === 'application/x-www-form-urlencoded') {
    const fields =
      typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.entries(body) : [['value', body]];
    const payload = fields.map(([k, v]) => `${encodePart(String(k))}=${encodePart(asText(v))}`).join('&');
    return { payload, headers: { 'content-type': type } };
  }
  return { payload: JSON.stringify(body) ?? 'null', headers: { 'content-type': 'application/json' } };
}
