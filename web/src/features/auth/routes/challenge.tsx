import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';

/** /challenge-tow-factory: the second-factor code for the pending login (spec §2, §4). */
export default function ChallengeRoute() {
  return <Page title={t('challenge.title')} />;
}
