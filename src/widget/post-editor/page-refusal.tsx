/**
 * What the writer's pages show instead of the editor or the preview: the shared login-required
 * screen (SPEC §2 "Login-required screen: title, description, login button"; SPEC §8) for a
 * visitor, and a 403 message for a member without the right (SPEC §6).
 */
import './page-messages';
import { useLocation } from 'react-router';
import type { DenialReason } from '../../domain/permissions';
import { homeUrl, loginUrl } from '../../domain/routes';
import type { EditorRefusal } from '../../load-context';
import { LoginRequiredScreen } from '../components/login-required';
import { useTranslation } from '../i18n';

/** The refusal screen for `reason` ('not-found' never gets here: it is a 404 page). */
export function EditorRefusalScreen({
  reason,
  base,
}: {
  reason: EditorRefusal | DenialReason | null;
  base: string;
}) {
  const { t } = useTranslation();
  const isLogin = reason === 'login-required';
  // The page asked for comes back after logging in (SPEC §4: the action continues).
  const location = useLocation();
  const next = location.pathname + location.search;
  return (
    <LoginRequiredScreen
      reason={isLogin ? 'login-required' : 'forbidden'}
      title={t(
        isLogin ? 'postEditorPage.refusal.loginTitle' : 'postEditorPage.refusal.forbiddenTitle',
      )}
      description={t(
        isLogin
          ? 'postEditorPage.refusal.loginDescription'
          : 'postEditorPage.refusal.forbiddenDescription',
      )}
      loginUrl={`${loginUrl(base)}?${new URLSearchParams({ next })}`}
      backUrl={homeUrl(base)}
      loginLabel={t('postEditorPage.refusal.loginButton')}
      backLabel={t('postEditorPage.refusal.backToBlog')}
    />
  );
}
