import type { MailMessage } from '../../kernel/mailer';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The reset e-mail, in the store's Arabic: who asked, the link (whole on its own line, left to
 * right), how long it lasts, and what to do if it was not you. Plain text for every client, HTML
 * (right to left) for those that show it; the customer's name and the store's are escaped there.
 */
export function resetMail(
  to: { email: string; name: string },
  store: string,
  link: { url: string; minutes: number },
): MailMessage {
  const text = [
    `مرحباً ${to.name}،`,
    '',
    `طلب أحدهم تعيين كلمة مرور جديدة لحسابك في ${store}. لتعيينها افتح هذا الرابط خلال ${link.minutes} دقيقة:`,
    '',
    link.url,
    '',
    'يعمل الرابط مرة واحدة، وبعد تعيين كلمة المرور يُسجَّل الخروج من كل الأجهزة.',
    'إن لم تطلب ذلك فتجاهل هذه الرسالة، ولن تتغير كلمة مرورك.',
  ].join('\n');
  const safeLink = escapeHtml(link.url);
  const html =
    `<!doctype html><html lang="ar" dir="rtl"><body style="font-family:Tahoma,Arial,sans-serif;line-height:1.8">` +
    `<p>مرحباً ${escapeHtml(to.name)}،</p>` +
    `<p>طلب أحدهم تعيين كلمة مرور جديدة لحسابك في ${escapeHtml(store)}. ` +
    `لتعيينها افتح هذا الرابط خلال ${link.minutes} دقيقة:</p>` +
    `<p><a href="${safeLink}" style="font-weight:bold">تعيين كلمة مرور جديدة</a></p>` +
    `<p dir="ltr" style="text-align:left;word-break:break-all;font-family:monospace">${safeLink}</p>` +
    '<p>يعمل الرابط مرة واحدة، وبعد تعيين كلمة المرور يُسجَّل الخروج من كل الأجهزة.</p>' +
    '<p>إن لم تطلب ذلك فتجاهل هذه الرسالة، ولن تتغير كلمة مرورك.</p></body></html>';
  return { to: to.email, subject: `تعيين كلمة مرور جديدة — ${store}`, text, html };
}
