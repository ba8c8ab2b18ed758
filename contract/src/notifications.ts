import { z } from 'zod';
import { isoDate } from './envelope';

export const notification = z
  .object({ id: z.number().int(), title: z.string(), msg: z.string(), created_at: isoDate })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notification>;
