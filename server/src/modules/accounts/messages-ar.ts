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
} as const;
