import { z } from 'zod';
import { formBool } from './fields';
import { withLatinDigits } from './digits';
import { money, successReply } from './envelope';

/** The user as every reply carries it. Never the hash, the secret or the role's internals. */
export const user = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    img: z.string().nullable(),
    balance: money,
    deposit: money,
    is_enable2fa: z.boolean(),
    role: z.enum(['customer', 'operator']),
    has_password: z.boolean(),
    /**
     * The store lets this customer make API keys (the resellers' API). Absent from users saved
     * in a browser before the field existed: they still parse, as false, until /me refreshes them.
     */
    api_access: z.boolean().default(false),
    /**
     * A customer's storefront; for an operator, the storefront it is staff of (null: the provider's
     * operator, who sees every storefront). Absent from users saved in a browser before it existed.
     */
    storefront_id: z.number().int().nullable().default(null),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof user>;

/** Field limits, shared by the forms and the server (the database columns are as wide). */
export const authLimits = {
  email: 254,
  name: 120,
  phone: 40,
  passwordMin: 8,
  passwordMax: 128,
  deviceToken: 512,
  googleCredential: 8192,
  challengeId: 200,
  code: 32,
} as const;

export const authText = {
  nameInvalid: 'يرجى إدخال الاسم بشكل صحيح',
  emailInvalid: 'يرجى إدخال البريد الإلكتروني بشكل صحيح',
  phoneInvalid: 'يرجى إدخال رقم الهاتف بشكل صحيح',
  passwordShort: 'أدخل كلمة مرور أطول من 8 أحرف',
  passwordLong: 'كلمة المرور أطول من المسموح به',
  passwordRequired: 'يرجى إدخال كلمة المرور',
  tooLong: 'النص أطول من المسموح به',
  codeInvalid: 'رمز التحقق يتكون من 6 أرقام',
  codeRequired: 'يرجى إدخال رمز التحقق',
} as const;

// Emails are compared as written here (trimmed, lower case), so "A@x.com " and "a@x.com" are one account.
export const emailField = z
  .string({ error: authText.emailInvalid })
  .trim()
  .toLowerCase()
  .max(authLimits.email, authText.emailInvalid)
  .email(authText.emailInvalid);

const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, authText.tooLong);

export const newPassword = z
  .string({ error: authText.passwordShort })
  .min(authLimits.passwordMin, authText.passwordShort)
  .max(authLimits.passwordMax, authText.passwordLong);

const deviceToken = z.string().trim().max(authLimits.deviceToken, authText.tooLong).optional();

export const registerBody = z.object({
  name: requiredText(authLimits.name, authText.nameInvalid),
  email: emailField,
  phone: withLatinDigits(requiredText(authLimits.phone, authText.phoneInvalid)),
  password: newPassword,
  device_token: deviceToken,
});
export type RegisterBody = z.input<typeof registerBody>;

/** No shape rules beyond the limits: a wrong login is one message, whatever was wrong. */
export const loginBody = z.object({
  email: z.string().trim().toLowerCase().max(authLimits.email, authText.tooLong),
  password: z.string().max(authLimits.passwordMax, authText.passwordLong),
  device_token: deviceToken,
  remember: formBool.optional(),
  trusted_device: z.string().trim().max(100).optional().meta({
    description:
      'the trusted_device of an earlier sign-in on this device: failed attempts by others do not slow it down',
  }),
});
export type LoginBody = z.input<typeof loginBody>;

export const twoFactorChallengeBody = z.object({
  id: z.string({ error: authText.codeRequired }).trim().min(1).max(authLimits.challengeId),
  remember: formBool.optional(),
  code: withLatinDigits(
    z
      .string({ error: authText.codeRequired })
      .trim()
      .min(1, authText.codeRequired)
      .max(authLimits.code, authText.codeRequired),
  ),
});
export type TwoFactorChallengeBody = z.input<typeof twoFactorChallengeBody>;

/** Profile save, per spec section 5: an empty password keeps the old one. */
export const profileBody = z.object({
  name: requiredText(authLimits.name, authText.nameInvalid),
  email: emailField,
  phone: withLatinDigits(requiredText(authLimits.phone, authText.phoneInvalid)),
  password: z
    .string()
    .max(authLimits.passwordMax, authText.passwordLong)
    .refine((v) => v === '' || v.length >= authLimits.passwordMin, authText.passwordShort)
    .optional(),
});
export type ProfileBody = z.input<typeof profileBody>;

export const totpCode = withLatinDigits(
  z
    .string({ error: authText.codeInvalid })
    .trim()
    .regex(/^\d{6}$/, authText.codeInvalid),
);

export const confirmTwoFactorBody = z.object({ code: totpCode });

/**
 * POST /user/confirm-password: the account's password again (or, for an account without one, a
 * fresh Google ID token of the linked Google account) before the e-mail, the password or
 * two-factor may change on this session (a 423 asks for it). Never a two-factor code: a session
 * holding a stolen token could have set that factor up itself.
 */
export const confirmPasswordBody = z
  .object({
    password: z.string().max(authLimits.passwordMax).optional(),
    credential: z.string().trim().max(authLimits.googleCredential).optional(),
  })
  .refine((b) => Boolean(b.password || b.credential), { message: 'يرجى إدخال كلمة المرور', path: ['password'] });
export type ConfirmPasswordBody = z.input<typeof confirmPasswordBody>;
export type ConfirmTwoFactorBody = z.input<typeof confirmTwoFactorBody>;

export const googleSignInBody = z.object({
  credential: z.string().trim().min(1).max(authLimits.googleCredential),
  device_token: deviceToken,
});
export type GoogleSignInBody = z.input<typeof googleSignInBody>;

/** Linking a Google account to the password account that owns its e-mail: the password, once. */
export const googleLinkBody = z.object({
  credential: z.string().trim().min(1).max(authLimits.googleCredential),
  password: z.string().min(1, authText.passwordRequired).max(authLimits.passwordMax, authText.passwordLong),
  device_token: deviceToken,
});
export type GoogleLinkBody = z.input<typeof googleLinkBody>;

export const signedIn = z.object({
  user,
  token: z.string(),
  trusted_device: z
    .string()
    .optional()
    .meta({ description: 'keep it and send it with the next /login from this device' }),
});
export type SignedIn = z.infer<typeof signedIn>;

/** What /login and /auth/google answer when a second factor is still owed. */
export const secondFactorNeeded = z.object({
  id2fa: z.string().meta({ description: 'opaque, signed, single-use, valid 5 minutes' }),
  remember: z.boolean(),
});
export type SecondFactorNeeded = z.infer<typeof secondFactorNeeded>;

export const registerReply = successReply(signedIn);
export type RegisterReply = z.infer<typeof registerReply>;

export const loginReply = successReply(z.union([signedIn, secondFactorNeeded]));

/**
 * What /auth/google answers when the Google e-mail belongs to a password account not yet linked:
 * the app asks for that account's password once and sends it with the same credential to
 * /auth/google/link. Never a silent link.
 */
export const googleLinkNeeded = z
  .object({ link_required: z.literal(true), email: z.string() })
  .meta({ id: 'GoogleLinkNeeded' });
export type GoogleLinkNeeded = z.infer<typeof googleLinkNeeded>;
export const googleReply = successReply(z.union([signedIn, secondFactorNeeded, googleLinkNeeded]));
export type GoogleReply = z.infer<typeof googleReply>;
export type LoginReply = z.infer<typeof loginReply>;

/** The spec's challenge reply carries the token twice: in data and at the top level. */
export const twoFactorChallengeReply = z.object({
  status: z.literal('success'),
  msg: z.string().optional(),
  token: z.string(),
  data: signedIn,
});
export type TwoFactorChallengeReply = z.infer<typeof twoFactorChallengeReply>;

export const userReply = successReply(z.object({ user }));
export type UserReply = z.infer<typeof userReply>;

export const twoFactorSetupReply = successReply(
  z.object({
    qrCode: z.string().meta({ description: 'data:image/png;base64 URL of the otpauth:// URI' }),
    setupKey: z.string(),
    otpauthUrl: z.string().meta({ description: 'the otpauth://totp/… URI itself: opens the authenticator app' }),
  }),
);
export type TwoFactorSetupReply = z.infer<typeof twoFactorSetupReply>;

export const twoFactorConfirmedReply = successReply(z.object({ user, codes: z.array(z.string()) }));
export type TwoFactorConfirmedReply = z.infer<typeof twoFactorConfirmedReply>;

/**
 * Public sign-in options: the Google button shows only when a client id is configured;
 * `password_reset` is false when the store sends no mail (the forgot-password page then points
 * to WhatsApp).
 */
export const authOptionsReply = successReply(
  z.object({ google_client_id: z.string().nullable(), password_reset: z.boolean() }),
);
export type AuthOptionsReply = z.infer<typeof authOptionsReply>;

/** POST /password/forgot: the e-mail of the account to get back into. */
export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

/** Reset-link tokens: 32 random bytes in base64url (43 characters). */
export const resetTokenField = z
  .string({ error: 'رابط تعيين كلمة المرور غير صحيح' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'رابط تعيين كلمة المرور غير صحيح');

/** POST /password/reset: the link's token and the new password, with registration's rules. */
export const resetPasswordBody = z.object({ token: resetTokenField, password: newPassword });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
