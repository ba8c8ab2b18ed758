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

export { whatsappLink } from './plain-rules';
