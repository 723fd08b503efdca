/**
 * The sign-in screen: server URL (prefilled with the last one used or the embedded demo service),
 * e-mail and password. When the app runs its embedded demo service, its demo account is offered.
 */
import { type FormEvent, useState } from 'react';
import { ErrorBanner } from '../../components/error-banner';
import { useSession, useStores } from '../../stores/stores-context';
import { validateSignIn } from './validate-sign-in';
import './sign-in.css';

/** Renders the sign-in form; on success the session store switches the app to the shell. */
export function SignInView() {
  const stores = useStores();
  const info = useSession((state) => state.info);
  const session = useSession((state) => state.session);
  const signingIn = useSession((state) => state.signingIn);
  const signInError = useSession((state) => state.signInError);
  const notice = useSession((state) => state.notice);

  const [serverUrl, setServerUrl] = useState(() => session?.serverUrl ?? info?.defaultServerUrl ?? '');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  const demo = info?.demoCredentials ?? null;
  const error = formError ?? signInError;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateSignIn({ serverUrl, email, password });
    if (!checked.ok) {
      setFormError(checked.message);
      return;
    }
    setFormError(null);
    await stores.session.getState().signIn(checked.input);
  }

  function fillDemoAccount() {
    if (!demo) return;
    setEmail(demo.username);
    setPassword(demo.password);
    if (serverUrl.trim() === '' && info?.defaultServerUrl) setServerUrl(info.defaultServerUrl);
    setFormError(null);
  }

  return (
    <main className="sign-in">
      <div className="sign-in-card">
        <div className="sign-in-brand">
          <span className="brand-mark" aria-hidden="true">
            B
          </span>
          <div>
            <h1>Sign in to BRM Desktop</h1>
            <p className="muted">Your contacts, calendar and documents, also when you are offline.</p>
          </div>
        </div>

        {notice && !error ? <p className="sign-in-notice">{notice}</p> : null}
        {error ? <ErrorBanner message={error} /> : null}

        <form className="sign-in-form" onSubmit={onSubmit} noValidate aria-busy={signingIn}>
          <label className="form-field">
            <span>Server URL</span>
            <input
              type="url"
              name="serverUrl"
              value={serverUrl}
              placeholder="https://brm.example.com"
              autoComplete="url"
              spellCheck={false}
              onChange={(event) => setServerUrl(event.target.value)}
            />
          </label>
          <label className="form-field">
            <span>E-mail</span>
            <input
              type="email"
              name="email"
              value={email}
              placeholder="you@example.com"
              autoComplete="username"
              spellCheck={false}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <label className="form-field">
            <span>Password</span>
            <input
              type="password"
              name="password"
              value={password}
              autoComplete="current-password"
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <button type="submit" className="button button-primary button-wide" disabled={signingIn}>
            {signingIn ? 'Signing in…' : 'Sign in'}
          </button>
        </form>

        {demo ? (
          <div className="sign-in-demo">
            <div>
              <p className="sign-in-demo-title">Demo account</p>
              <p className="muted">
                {demo.username} · {demo.password}
              </p>
            </div>
            <button type="button" className="button" onClick={fillDemoAccount} disabled={signingIn}>
              Use demo account
            </button>
          </div>
        ) : null}

        {session?.keychain === 'memory' ? (
          <p className="sign-in-footnote muted">
            No system keychain is available, so BRM Desktop cannot remember your sign-in: you will sign in each time you
            start it.
          </p>
        ) : null}
      </div>
    </main>
  );
}
