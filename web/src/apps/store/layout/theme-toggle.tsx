import { MoonIcon, SunIcon } from '@/components/ui/icons';
import { t } from '@/lib/i18n';
import { toggleTheme, useTheme } from '@/lib/theme';
import { iconButton } from './styles';

export function ThemeToggle() {
  const theme = useTheme();
  return (
    <button type="button" className={iconButton} aria-label={t('theme.toggle')} onClick={toggleTheme}>
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
