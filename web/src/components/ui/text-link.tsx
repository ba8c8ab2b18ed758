import { Link, type LinkProps } from 'react-router';

export const textLinkClass = 'font-bold text-accent underline-offset-4 hover:underline';

/** A link in running text or under a form ("ليس لديك حساب؟"), accent-coloured, underlined on hover. */
export function TextLink({ className = '', ...props }: LinkProps) {
  return <Link className={`${textLinkClass}${className ? ` ${className}` : ''}`} {...props} />;
}
