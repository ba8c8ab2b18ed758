import {
  banksReply,
  chargeCreatedReply,
  chargesReply,
  errorReply,
  parseMoney,
  TOPUP_AMOUNT_MAX_LENGTH,
} from '@raseed/contract';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../kernel/errors';
import { z } from 'zod';
import { requireUser, userId } from '../../kernel/http/guard';
import { useRateLimits } from '../../kernel/rate-limit';
import { topupLimits } from './limits';
import { topupMsg } from './messages';
import { receiptRoutes } from './receipt-routes';
import { listBanks, listCharges, MAX_PENDING_CHARGES, requestCharge } from './service';

const errors = { 401: errorReply, 413: errorReply, 422: errorReply, 429: errorReply };

// Multipart fields arrive as strings and the file as a Buffer; the rules (amount, bank, image
// kind) are checked together in the service so every field gets its message at once.
const chargeRequestBody = z.object({
  amount: z
    .string({ error: topupMsg.amountInvalid })
    .max(TOPUP_AMOUNT_MAX_LENGTH, { error: topupMsg.amountInvalid })
    .optional(),
  bank_id: z.coerce
    .number({ error: topupMsg.bankRequired })
    .int({ error: topupMsg.bankRequired })
    .min(0)
    .max(2_147_483_647)
    .optional(),
  transfer_ref: z
    .string({ error: topupMsg.referenceInvalid })
    .max(200, { error: topupMsg.referenceInvalid })
    .optional()
    .meta({ description: 'optional bank transfer number; a number used before is flagged to the operator' }),
  img: z.instanceof(Buffer, { error: topupMsg.imageRequired }).optional().meta({
    type: 'string',
    format: 'binary',
    description: 'the transfer receipt: JPEG, PNG, WebP, or a PDF whose first page becomes the image',
  }),
});

export const topupRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxAmount = parseMoney(app.config.topupMaxAmount);
  if (maxAmount === null) throw new Error('TOPUP_MAX_AMOUNT is not a decimal amount');
  const maxMb = String(Number((app.config.uploadMaxBytes / 1024 / 1024).toFixed(1)));

  // An oversized receipt is stopped by the multipart reader before the handler runs (so nothing
  // is stored); say which field and what the limit is. Everything else goes to the app's handler.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      const text = topupMsg.imageTooLarge(maxMb);
      throw new AppError('payload_too_large', text, { img: [text] });
    }
    throw error;
  });

  await app.register(receiptRoutes);
  await useRateLimits(app);
  const limited = topupLimits(app);

  app.get(
    '/banks',
    {
      preHandler: requireUser,
      schema: {
        tags: ['topup'],
        summary: "The request's storefront's payment methods for a top-up by bank transfer",
        response: { 200: banksReply, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { banks: await listBanks(request.db, request.storefrontId), upload_max_bytes: app.config.uploadMaxBytes },
    }),
  );

  app.post(
    '/banks',
    {
      preHandler: [requireUser, limited],
      config: { upload: true },
      schema: {
        tags: ['topup'],
        summary:
          "Request a top-up: the amount transferred in the bank's currency, the bank and the receipt (multipart); " +
          'replies with the new request',
        consumes: ['multipart/form-data'],
        body: chargeRequestBody,
        response: { 200: chargeCreatedReply, ...errors },
      },
    },
    async (request) => {
      const limits = { maxAmount, maxPending: MAX_PENDING_CHARGES };
      const charge = await requestCharge(app, limits, userId(request), request.storefrontId, request.body);
      return { status: 'success' as const, msg: topupMsg.sent, data: { charge } };
    },
  );

  app.get(
    '/charges',
    {
      preHandler: requireUser,
      schema: {
        tags: ['topup'],
        summary: "The caller's top-up requests, newest first",
        response: { 200: chargesReply, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { charges: await listCharges(request.db, app.sealer, userId(request)) },
    }),
  );
};
