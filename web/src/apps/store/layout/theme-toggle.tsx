import { MoonIcon, SunIcon } from '@/components/ui/icons';
import { t } from '@/lib/i18n';
import { toggleTheme, useTheme } from '@/lib/theme';
import { IconButton } from '@/components/ui/icon-button';

export function ThemeToggle() {
  const theme = useTheme();
  return (
    <IconButton aria-label={t('theme.toggle')} onClick={toggleTheme}>
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}
