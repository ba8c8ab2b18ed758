import { z } from 'zod';
import { successReply } from './envelope';

export const partner = z
  .object({
    id: z.number().int(),
    name: z.string(),
    img: z.string().nullable(),
    address: z.string(),
    phone: z.string(),
  })
  .meta({ id: 'Partner' });
export type Partner = z.infer<typeof partner>;

export const partnersReply = successReply(z.object({ partners: z.array(partner) }));
export type PartnersReply = z.infer<typeof partnersReply>;

/** The chat link of a partner: wa.me with the number's digits, the plus sign removed. */
export function whatsappLink(phone: string): string {
  return `https://wa.me/${phone.replace(/\+/g, '').replace(/[^\d]/g, '')}`;
}
