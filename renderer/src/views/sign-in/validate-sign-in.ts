/** Checks the sign-in form before it goes to the core, with messages that say what to fix. */
import type { CallInput } from '../../../../preload/contract';

/** The form's raw values. */
export interface SignInForm {
  serverUrl: string;
  email: string;
  password: string;
}

/** Either the call input, trimmed, or what the user must fix. */
export type SignInCheck = { ok: true; input: CallInput<'session.signIn'> } | { ok: false; message: string };

/** Validates the form: an http(s) server URL, an e-mail address and a password are required. */
export function validateSignIn(form: SignInForm): SignInCheck {
  const serverUrl = form.serverUrl.trim();
  const email = form.email.trim();
  if (serverUrl === '') return { ok: false, message: 'Enter the server URL, for example https://brm.example.com.' };
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return { ok: false, message: `"${serverUrl}" is not a web address. Enter it like https://brm.example.com.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      message: 'The server URL must start with https:// (or http:// for a server on this computer).',
    };
  }
  if (email === '') return { ok: false, message: 'Enter the e-mail address of your BRM account.' };
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
    return { ok: false, message: `"${email}" is not an e-mail address. Check it and try again.` };
  }
  if (form.password === '') return { ok: false, message: 'Enter your password.' };
  return { ok: true, input: { serverUrl, username: email, password: form.password } };
}
