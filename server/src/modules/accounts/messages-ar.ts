import type { SessionEnd } from './sessions';

/** Arabic messages of the accounts domain (plain Modern Standard Arabic, as the copy deck). */
export const authMsg = {
  // One message for an unknown email, a wrong password and a Google-only account: no hint
  // about which accounts exist.
  passwordWrong: 'كلمة المرور غير صحيحة',
  passwordConfirmed: 'تم تأكيد كلمة المرور',
  badCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  emailTaken: 'البريد الإلكتروني مستخدم من قبل',
  challengeExpired: 'انتهت صلاحية طلب التحقق، يرجى تسجيل الدخول من جديد',
  codeWrong: 'رمز التحقق غير صحيح أو مستخدم من قبل',
  tooManyAttempts: 'محاولات كثيرة، يرجى الانتظار دقيقة ثم المحاولة مجدداً',
  twoFactorAlreadyOn: 'المصادقة الثنائية مفعّلة مسبقاً',
  twoFactorNotStarted: 'يرجى بدء تفعيل المصادقة الثنائية أولاً',
  googleDisabled: 'تسجيل الدخول باستخدام Google غير مفعّل في هذا المتجر',
  googleInvalid: 'تعذّر التحقق من حساب Google، يرجى المحاولة مجدداً',
  googleUnverified: 'البريد الإلكتروني في حساب Google غير موثّق',
  googleEmailInUse: 'هذا البريد الإلكتروني مسجّل بحساب آخر، يرجى تسجيل الدخول بكلمة المرور',
  googleLinkedElsewhere: 'هذا البريد الإلكتروني مرتبط بحساب Google آخر، يرجى تسجيل الدخول بكلمة المرور',
  googleLinkPassword: 'كلمة المرور غير صحيحة',
  googleConfirmNeeded: 'هذا الحساب بلا كلمة مرور: أكّد هويتك بتسجيل الدخول باستخدام Google',
  googleOtherAccount: 'حساب Google هذا غير مرتبط بحسابك في المتجر',
  googleUnreachable: 'تعذّر الاتصال بخدمة Google، يرجى المحاولة لاحقاً',
  loggedOut: 'تم تسجيل الخروج',
  profileSaved: 'تم حفظ الملف الشخصي',
  twoFactorEnabled: 'تم تفعيل المصادقة الثنائية',
  twoFactorDisabled: 'تم تعطيل المصادقة الثنائية',
  resetSent:
    'إن كان هذا البريد مسجّلاً لدينا فستصله خلال دقائق رسالة فيها رابط لتعيين كلمة مرور جديدة، صالح لمدة 30 دقيقة. ' +
    'تحقق من مجلد الرسائل غير المرغوب فيها أيضاً.',
  resetUnavailable: 'إرسال روابط استعادة الحساب بالبريد غير مفعّل في هذا المتجر، يرجى التواصل معنا عبر واتساب',
  resetInvalid: 'رابط تعيين كلمة المرور غير صحيح. افتح الرابط كما وصلك في الرسالة أو اطلب رابطاً جديداً.',
  resetExpired: 'انتهت صلاحية رابط تعيين كلمة المرور (30 دقيقة). اطلب رابطاً جديداً.',
  resetUsed: 'استُخدم رابط تعيين كلمة المرور هذا من قبل. اطلب رابطاً جديداً إن احتجت.',
  resetDone: 'تم تعيين كلمة المرور الجديدة. سجّل الدخول بها الآن.',
} as const;

/** The 401 of a session ended on purpose, by why (sessions.ts SessionEnd): the signed-out device says so. */
export const sessionEndedMsg = {
  // Only this device had the token, and it knows it signed out.
  logout: 'انتهت الجلسة، يرجى تسجيل الدخول من جديد',
  password: 'تم تسجيل خروجك لأن كلمة مرور حسابك تغيّرت من جهاز آخر. سجّل الدخول بكلمة المرور الجديدة.',
  'password-reset':
    'تم تسجيل خروجك لأن كلمة مرور حسابك أُعيد تعيينها عبر البريد الإلكتروني. سجّل الدخول بكلمة المرور الجديدة.',
  'two-factor-on':
    'تم تسجيل خروجك لأن المصادقة الثنائية فُعّلت على حسابك من جهاز آخر. سجّل الدخول من جديد بكلمة المرور ورمز التحقق.',
  'two-factor-off': 'تم تسجيل خروجك لأن المصادقة الثنائية عُطّلت على حسابك من جهاز آخر. سجّل الدخول من جديد.',
} as const satisfies Record<SessionEnd, string>;
