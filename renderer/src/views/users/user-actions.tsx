/**
 * A user's administrator actions: Boot user (`Boot User`: ends every session) and Reset password
 * (`Reset Password`: a temporary password, every session ended). Both ask first, need the service
 * (said so offline) and show the service's answer, or its refusal, in words.
 */
import { useState } from 'react';
import { passwordResetSchema } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { TextField } from '../../components/forms/form-field';
import { errorMessage } from '../../lib/errors';
import { useAccess } from '../../lib/use-access';
import { useAsyncAction } from '../../lib/use-async-action';
import { useOnline } from '../../lib/use-online';
import { useBridge } from '../../stores/stores-context';
import { revokedText } from './user-words';

/** What an administrator action says while the service cannot be reached: it is sent at once or not at all. */
export const adminNeedsServiceMessage =
  'Booting a user, setting a password and removing a permission need the service, which cannot be reached now; nothing is kept to be sent later. Try again when the sync status says it is back.';

/** What the last action came to: the service's answer or refusal. */
export type ActionOutcome = { kind: 'done' | 'refused'; text: string } | null;

export interface UserActionsProps {
  userId: string;
  name: string;
  onOutcome(outcome: ActionOutcome): void;
}

/** Renders the Boot user and Reset password buttons (disabled offline) with their dialogs. */
export function UserActions({ userId, name, onOutcome }: UserActionsProps) {
  const bridge = useBridge();
  const online = useOnline();
  const [asking, setAsking] = useState<'boot' | 'reset' | null>(null);
  const [busy, setBusy] = useState(false);
  const booting = useAccess('bootUser');
  // The user resource is judged by its id (api/openapi.yaml x-access-model, `user`).
  const resetting = useAccess('resetPassword', { id: userId });

  async function run(action: () => Promise<string>) {
    setBusy(true);
    onOutcome(null);
    try {
      onOutcome({ kind: 'done', text: await action() });
    } catch (reason) {
      onOutcome({ kind: 'refused', text: errorMessage(reason) });
    } finally {
      setBusy(false);
    }
  }

  const boot = () =>
    run(async () => {
      const revoked = await bridge.call('admin.bootUser', { id: userId });
      return `${name} is signed out everywhere: ${revokedText(revoked)}. They can sign in again with their password.`;
    });

  return (
    <>
      <ActionButton
        className="button"
        disabled={!online || busy}
        title={online ? undefined : adminNeedsServiceMessage}
        refusal={booting.reason}
        onClick={() => setAsking('boot')}
      >
        Boot user
      </ActionButton>
      <ActionButton
        className="button"
        disabled={!online || busy}
        title={online ? undefined : adminNeedsServiceMessage}
        refusal={resetting.reason}
        onClick={() => setAsking('reset')}
      >
        Reset password…
      </ActionButton>
      <ConfirmDialog
        open={asking === 'boot'}
        title={`Boot ${name}?`}
        message={`${name} is signed out on every computer at once and has to sign in again with their password.`}
        confirmLabel="Boot user"
        onConfirm={() => {
          setAsking(null);
          void boot();
        }}
        onCancel={() => setAsking(null)}
      />
      {asking === 'reset' ? (
        <ResetPasswordDialog
          userId={userId}
          name={name}
          onCancel={() => setAsking(null)}
          onReset={(text) => {
            setAsking(null);
            onOutcome({ kind: 'done', text });
          }}
        />
      ) : null}
    </>
  );
}

/** Asks for the temporary password (validated with the contract's PasswordReset), then sets it. */
function ResetPasswordDialog({
  userId,
  name,
  onCancel,
  onReset,
}: {
  userId: string;
  name: string;
  onCancel(): void;
  onReset(text: string): void;
}) {
  const bridge = useBridge();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { busy, error: failure, run } = useAsyncAction();

  async function submit() {
    const reset = { userId, currentPassword: null, newPassword: password };
    const parsed = passwordResetSchema.safeParse(reset);
    if (!parsed.success) {
      setFieldError('A password has 10 to 1024 characters.');
      return;
    }
    const revoked = await run(() => bridge.call('admin.resetPassword', { reset }));
    if (revoked === undefined) return;
    onReset(
      `${name}'s password is now the temporary one you chose: ${revokedText(revoked)}. Give it to them in person or by phone.`,
    );
  }

  return (
    <FormDialog
      title={`Reset ${name}'s password?`}
      onClose={onCancel}
      size="small"
      submitLabel="Set password and sign them out"
      busyLabel="Setting…"
      busy={busy}
      tone="danger"
      onSubmit={() => void submit()}
      error={failure}
    >
      <p>
        {name} is signed out everywhere and signs in next with the password you type here. No e-mail is sent: tell them
        yourself.
      </p>
      <TextField
        label="Temporary password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          setFieldError(undefined);
        }}
        maxLength={1024}
        error={fieldError}
        hint="10 to 1024 characters."
        autoFocus
        required
      />
    </FormDialog>
  );
}
