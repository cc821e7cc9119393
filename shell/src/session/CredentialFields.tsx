import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ApiError } from '@agora/platform';

interface CredentialValues {
  username: string;
  password: string;
  onUsername: (value: string) => void;
  onPassword: (value: string) => void;
}

export interface CredentialFieldsProps extends CredentialValues {
  /** The form's `useId()`: the inputs get `${id}-username` and `${id}-password`. */
  id: string;
}

/** The state of the two fields: `fields` goes to `<CredentialFields>`, the rest is for the form's own use. */
export function useCredentials() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const fields: CredentialValues = { username, password, onUsername: setUsername, onPassword: setPassword };
  return { username, password, setUsername, setPassword, fields };
}

/** The username and password fields of a login form: the login page and the session time-out modal. */
export function CredentialFields({ id, username, password, onUsername, onPassword }: CredentialFieldsProps) {
  return (
    <>
      <div className="sh-field">
        <label htmlFor={`${id}-username`}>
          <FormattedMessage id="shell.login.username" />
        </label>
        <input
          id={`${id}-username`}
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => onUsername(e.target.value)}
        />
      </div>
      <div className="sh-field">
        <label htmlFor={`${id}-password`}>
          <FormattedMessage id="shell.login.password" />
        </label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => onPassword(e.target.value)}
        />
      </div>
    </>
  );
}

/** Whether a failed login was refused for its credentials (401/403) rather than for another reason. */
export function isWrongCredentials(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}
