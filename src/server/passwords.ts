/**
 * What a password must be (issue 26): at least 8 characters, not the account's e-mail address (or
 * its name part), not one character repeated, and not one of the passwords attackers try first —
 * a short built-in list of the commonest ones long enough to pass the length rule.
 */
import { BODY_CODE } from '../api/contract';
import { ApiError } from './envelope';

const MIN_PASSWORD_LENGTH = 8;

const COMMON = new Set(
  [
    'password',
    'password1',
    'password12',
    'password123',
    'password1234',
    'password!',
    'passw0rd',
    'p@ssw0rd',
    'p@ssword',
    'pa55word',
    '12345678',
    '123456789',
    '1234567890',
    '0123456789',
    '87654321',
    '987654321',
    '11111111',
    '00000000',
    '12341234',
    '12121212',
    '88888888',
    '123123123',
    '11223344',
    '123456789a',
    'qwertyui',
    'qwertyuiop',
    'qwerty12',
    'qwerty123',
    'qwerty1234',
    'qwer1234',
    '1qaz2wsx',
    'zaq12wsx',
    'qazwsxedc',
    '1q2w3e4r',
    '1q2w3e4r5t',
    'q1w2e3r4',
    'asdfghjk',
    'asdf1234',
    'zxcvbnm1',
    'abcd1234',
    'abc12345',
    'abcdefgh',
    'iloveyou',
    'iloveyou1',
    'sunshine',
    'princess',
    'football',
    'baseball',
    'welcome1',
    'welcome123',
    'letmein1',
    'letmein123',
    'trustno1',
    'superman',
    'starwars',
    'whatever',
    'computer',
    'internet',
    'changeme',
    'admin123',
    'administrator',
    'monkey123',
    'dragon123',
    'master123',
    'shadow123',
    'michelle',
    'jennifer',
    'liverpool',
    'chocolate',
    'butterfly',
    'mercedes',
    'corvette',
    'samantha',
    'maverick',
    'freedom1',
    'football1',
    'baseball1',
    'charlie1',
    'jordan23',
    'secret123',
  ].map((p) => p.toLowerCase()),
);

const weak = () =>
  new ApiError(400, BODY_CODE.invalid, 'PasswordTooWeak', undefined, {
    issues: [{ path: 'password', reason: 'too easy to guess' }],
  });

/** Throws 400 PasswordTooWeak unless the password is acceptable for this e-mail address. */
export function checkPassword(password: string, email: string): void {
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  if (
    password.length < MIN_PASSWORD_LENGTH ||
    COMMON.has(lower) ||
    lower === address ||
    (localPart.length > 0 && lower === localPart) ||
    new Set(password).size === 1
  )
    throw weak();
}
