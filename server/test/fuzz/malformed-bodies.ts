import { randomBytes } from 'node:crypto';
import { deepJson } from './hostile-values';

export type RawBody = { name: string; contentType: string | undefined; payload: string | Buffer };

const boundary = 'fuzzBoundary1234';
const mp = (s: string) => `multipart/form-data; boundary=${boundary}${s}`;
const fileHead = (name: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; ` +
  `filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
const field = (name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** Bodies no client should send: broken syntax, wrong types, hostile sizes and shapes. */
export function malformedBodies(uploadMaxBytes: number): RawBody[] {
  return [
    { name: 'truncated JSON', contentType: 'application/json', payload: '{"amount": "1' },
    { name: 'JSON with a trailing comma', contentType: 'application/json', payload: '{"a":1,}' },
    { name: 'empty JSON body', contentType: 'application/json', payload: '' },
    { name: 'JSON null', contentType: 'application/json', payload: 'null' },
    { name: 'JSON string', contentType: 'application/json', payload: '"x"' },
    { name: 'JSON array', contentType: 'application/json', payload: '[1,2,3]' },
    { name: 'JSON NaN literal', contentType: 'application/json', payload: '{"amount": NaN, "quantity": Infinity}' },
    {
      name: 'JSON 1e308 and -0',
      contentType: 'application/json',
      payload: '{"amount": 1e308, "quantity": -0, "price": 1e309}',
    },
    {
      name: 'JSON __proto__ pollution',
      contentType: 'application/json',
      payload: '{"__proto__": {"role": "operator"}, "constructor": {"prototype": {"x": 1}}}',
    },
    { name: 'JSON nested 10 000 deep (arrays)', contentType: 'application/json', payload: deepJson(10_000, 'array') },
    { name: 'JSON nested 50 000 deep (objects)', contentType: 'application/json', payload: deepJson(50_000, 'object') },
    {
      name: 'JSON over the 1 MiB body limit',
      contentType: 'application/json',
      payload: `{"name":"${'a'.repeat(1_100_000)}"}`,
    },
    {
      name: 'invalid UTF-8 in JSON',
      contentType: 'application/json',
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0xff, 0x22, 0x7d]),
    },
    { name: 'binary garbage as JSON', contentType: 'application/json', payload: randomBytes(512) },
    { name: 'text/plain', contentType: 'text/plain', payload: 'amount=5' },
    {
      name: 'XML',
      contentType: 'application/xml',
      payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    },
    { name: 'no content type', contentType: undefined, payload: '{"a":1}' },
    {
      name: 'urlencoded with repeated and bracketed keys',
      contentType: 'application/x-www-form-urlencoded',
      payload: 'amount=1&amount=2&a[b][c]=1&__proto__[x]=1&name=%ED%A0%80',
    },
    {
      name: 'urlencoded over the body limit',
      contentType: 'application/x-www-form-urlencoded',
      payload: `name=${'b'.repeat(1_100_000)}`,
    },
    { name: 'multipart without boundary', contentType: 'multipart/form-data', payload: 'hello' },
    {
      name: 'multipart truncated',
      contentType: mp(''),
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="amount"\r\n\r\n5`,
    },
    {
      name: 'multipart wrong boundary',
      contentType: mp(''),
      payload: '--other\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--other--\r\n',
    },
    {
      name: 'multipart part without a name',
      contentType: mp(''),
      payload: `--${boundary}\r\nContent-Disposition: form-data\r\n\r\n1\r\n--${boundary}--\r\n`,
    },
    {
      name: 'multipart with two files',
      contentType: mp(''),
      payload: Buffer.concat([
        Buffer.from(fileHead('img')),
        randomBytes(64),
        Buffer.from(`\r\n${fileHead('img2')}`),
        randomBytes(64),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    },
    {
      name: 'multipart file over the upload limit',
      contentType: mp(''),
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="amount"\r\n\r\n5\r\n`),
        Buffer.from(fileHead('img')),
        Buffer.alloc(uploadMaxBytes + 1024, 0x89),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    },
    {
      name: 'multipart with 200 fields',
      contentType: mp(''),
      payload: `${Array.from({ length: 200 }, (_, i) => field(`f${i}`, String(i))).join('')}--${boundary}--\r\n`,
    },
    {
      name: 'multipart field of 200 KiB',
      contentType: mp(''),
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; ` +
        `name="name"\r\n\r\n${'x'.repeat(200 * 1024)}\r\n--${boundary}--\r\n`,
    },
    {
      name: 'multipart header injection in the name',
      contentType: mp(''),
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="a\r\nX: y"; ` +
        `filename="../../etc/passwd"\r\n\r\n1\r\n--${boundary}--\r\n`,
    },
  ];
}
