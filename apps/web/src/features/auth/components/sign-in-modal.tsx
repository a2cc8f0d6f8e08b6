import { minimumPasswordLength, signUpSchema } from '@facelift/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useCredentialMutations } from '../api/credentials.ts';
import { meQueryKey } from '../api/get-me.ts';
import { usePublicConfig } from '../api/get-public-config.ts';
import { authErrorMessage } from '../auth-error-message.ts';
import { signInWithGooglePopup } from '../google-popup.ts';

type Mode = 'signIn' | 'signUp';

export interface SignInModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  reason?: string;
}

const emailShape = signUpSchema.shape.email;

/** E-mail/password sign-in and sign-up, and Google in a popup (docs/product.md, Accounts). */
export function SignInModal({ open, onOpenChange, reason }: SignInModalProps) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const showToast = useToast();
  const queryClient = useQueryClient();
  const { signIn, signUp } = useCredentialMutations();
  const config = usePublicConfig();
  const [mode, setMode] = useState<Mode>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [companyName, setCompanyName] = useState('');
  const [fname, setFname] = useState('');
  const [lname, setLname] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [isGoogleBusy, setIsGoogleBusy] = useState(false);

  useEffect(() => {
    if (!open) {
      // Each opening starts in sign-in mode, without the last attempt's password or errors.
      setMode('signIn');
      setPassword('');
      setFormError(null);
      setEmailError(null);
      setPasswordError(null);
    }
  }, [open]);

  const isBusy = signIn.isPending || signUp.isPending;
  const canSubmit = email.trim() !== '' && password !== '' && !isBusy;
  const isGoogleEnabled = config.data?.isGoogleSignInEnabled === true;

  function finishSignIn(messageKey: 'signedIn' | 'signedUp') {
    onOpenChange(false);
    showToast({ tone: 'success', description: t(messageKey) });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const isEmailValid = emailShape.safeParse(email.trim()).success;
    const isPasswordValid = mode === 'signIn' || password.length >= minimumPasswordLength;
    setEmailError(isEmailValid ? null : t('errors.invalidEmail'));
    setPasswordError(isPasswordValid ? null : t('errors.passwordTooShort'));
    if (!isEmailValid || !isPasswordValid) return;
    try {
      if (mode === 'signIn') {
        await signIn.mutateAsync({ email: email.trim(), password });
        finishSignIn('signedIn');
      } else {
        await signUp.mutateAsync({
          email: email.trim(),
          password,
          companyName: companyName.trim() || undefined,
          fname: fname.trim() || undefined,
          lname: lname.trim() || undefined,
        });
        finishSignIn('signedUp');
      }
    } catch (error) {
      setFormError(authErrorMessage(error, t));
    }
  }

  async function signInWithGoogle() {
    setFormError(null);
    setIsGoogleBusy(true);
    const result = await signInWithGooglePopup();
    setIsGoogleBusy(false);
    if (result.isSignedIn) {
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      finishSignIn('signedIn');
    } else if (result.error === 'popup-blocked') {
      setFormError(t('errors.popupBlocked'));
    } else if (result.error !== 'popup-closed') {
      setFormError(t('errors.googleFailed'));
    }
  }

  const isSignUp = mode === 'signUp';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={isSignUp ? t('signUpTitle') : t('signInTitle')}
      description={reason ?? (isSignUp ? t('signUpIntro') : t('signInIntro'))}
      closeLabel={tCommon('ui.close')}
    >
      <form className="auth-form" onSubmit={submit} noValidate>
        <TextField
          label={t('email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError}
          required
        />
        <TextField
          label={t('password')}
          type="password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={isSignUp ? t('passwordHint', { count: minimumPasswordLength }) : undefined}
          error={passwordError}
          required
        />
        {isSignUp ? (
          <div className="auth-form__optional">
            <TextField
              label={t('companyName')}
              autoComplete="organization"
              value={companyName}
              onChange={(event) => setCompanyName(event.target.value)}
            />
            <div className="auth-form__row">
              <TextField
                label={t('firstName')}
                autoComplete="given-name"
                value={fname}
                onChange={(event) => setFname(event.target.value)}
              />
              <TextField
                label={t('lastName')}
                autoComplete="family-name"
                value={lname}
                onChange={(event) => setLname(event.target.value)}
              />
            </div>
          </div>
        ) : null}
        {formError ? (
          <div className="ui-alert ui-alert--error" role="alert">
            {formError}
          </div>
        ) : null}
        <Button type="submit" variant="primary" disabled={!canSubmit}>
          {isBusy ? t('working') : isSignUp ? t('signUp') : t('signIn')}
        </Button>
        <div className="auth-form__divider" aria-hidden="true">
          <span>{t('or')}</span>
        </div>
        <Button
          variant="secondary"
          disabled={!isGoogleEnabled || isGoogleBusy}
          aria-describedby={isGoogleEnabled ? undefined : 'google-sign-in-unavailable'}
          onClick={signInWithGoogle}
        >
          {isGoogleBusy ? t('googleWaiting') : t('continueWithGoogle')}
        </Button>
        {isGoogleEnabled ? null : (
          <p id="google-sign-in-unavailable" className="ui-field__hint auth-form__center">
            {t('googleNotConfigured')}
          </p>
        )}
        <div className="auth-form__footer">
          <Button variant="ghost" onClick={() => setMode(isSignUp ? 'signIn' : 'signUp')}>
            {isSignUp ? t('switchToSignIn') : t('switchToSignUp')}
          </Button>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {tCommon('ui.cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
