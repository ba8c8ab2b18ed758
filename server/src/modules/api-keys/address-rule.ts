import { BlockList, isIP } from 'node:net';

/** Who may use a key: null lets any address through. */
export type AddressRule = ((address: string) => boolean) | null;

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * A key's allowed addresses and ranges (IPv4, IPv6, CIDR) as one check of the caller's address
 * (`request.ip`, which already follows TRUST_PROXY). Throws on an entry Node cannot read, so a
 * list is checked when it is saved, never first at a call.
 */
export function addressRule(allowed: readonly string[] | null): AddressRule {
  if (!allowed || allowed.length === 0) return null;
  const list = new BlockList();
  for (const entry of allowed) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`not an address: ${entry}`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else {
      const prefix = Number(bits);
      if (!/^\d{1,3}$/.test(bits) || prefix > (family === 6 ? 128 : 32)) throw new Error(`not a range: ${entry}`);
      list.addSubnet(address, prefix, type);
    }
  }
  return (caller) => {
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    const address = MAPPED_V4.exec(caller)?.[1] ?? caller;
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
