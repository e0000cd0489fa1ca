/**
 * Passwords an attacker tries first, refused wherever a password is chosen
 * (registration, the account page, the admin CLI, ADMIN_PASSWORD, and any
 * later invitation or reset form, all through shared/auth.ts): what is on
 * the top of the leaked-password lists that the length rule (10 characters)
 * lets through, and the shapes those lists are made of.
 *
 * - fewer than four different characters (`aaaaaaaaaa`, `ababababab`,
 *   `1212121212`);
 * - a run along the alphabet, the digits or a keyboard, either way
 *   (`abcdefghij`, `0987654321`, `qwertyuiop`, `1qaz2wsx3edc`);
 * - one of the common words below with nothing around it but digits and
 *   punctuation (`password123`, `Welcome2024!`, `p@ssw0rd!!`), letters
 *   compared without case and with the usual digit-for-letter swaps;
 * - one of the listed passwords, which fit no shape above.
 */

/** Words that lead the lists once digits and symbols are taken off (en, pt, de and the usual). */
const COMMON_WORDS = new Set([
  'password',
  'passwort',
  'passwd',
  'pass',
  'senha',
  'palavrapasse',
  'contrasena',
  'motdepasse',
  'qwerty',
  'qwertz',
  'azerty',
  'letmein',
  'welcome',
  'willkommen',
  'bemvindo',
  'admin',
  'administrator',
  'administrador',
  'root',
  'user',
  'guest',
  'login',
  'test',
  'testing',
  'default',
  'changeme',
  'secret',
  'geheim',
  'iloveyou',
  'loveyou',
  'love',
  'hello',
  'hallo',
  'ola',
  'monkey',
  'dragon',
  'master',
  'shadow',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'basketball',
  'soccer',
  'futebol',
  'fussball',
  'superman',
  'batman',
  'starwars',
  'pokemon',
  'minecraft',
  'trustno',
  'freedom',
  'summer',
  'winter',
  'sommer',
  'verao',
  'benfica',
  'sporting',
  'porto',
  'portugal',
  'deutschland',
  'bayern',
  'schalke',
  'liverpool',
  'chelsea',
  'arsenal',
  'samsung',
  'computer',
  'internet',
  'abc',
  'abcd',
  'abcdef',
  'company',
  'forge',
]);

/** Common passwords that fit none of the shapes checked (lower case). */
const COMMON_PASSWORDS = new Set([
  'q1w2e3r4t5',
  'q1w2e3r4t5y6',
  '1q2w3e4r5t',
  '1q2w3e4r5t6y',
  'a1b2c3d4e5',
  '1a2b3c4d5e',
  '1029384756',
  '123qweasd',
  '123qweasdzxc',
  'qweasdzxc123',
  'qazwsxedc123',
  'zaq12wsx',
  'zaq1zaq1zaq1',
  '1qazxsw23edc',
  'asdfasdfasdf',
  'qweqweqwe123',
  'asdasdasd123',
  'myspace123',
  'fuckyou123',
  'whatever123',
  'jennifer123',
  'michael123',
  'charlie123',
  'jordan2323',
  'iloveu1234',
]);

/** Runs that people type (each also read backwards). */
const RUNS = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
  'qwertyuiopasdfghjklzxcvbnm',
  'qwertzuiopasdfghjklyxcvbnm',
  'azertyuiopqsdfghjklmwxcvbn',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
  'zaq1xsw2cde3vfr4bgt5nhy6mju7ki8lo9p0',
  '1234567890qwertyuiop',
];

/** Digits and symbols read as the letters they stand in for (p@ssw0rd). */
const SWAPS: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '0': 'o',
  '1': 'i',
  '!': 'i',
  '3': 'e',
  $: 's',
  '5': 's',
  '7': 't',
};

function isRun(lower: string): boolean {
  return RUNS.some((run) => run.includes(lower) || [...run].reverse().join('').includes(lower));
}

/** The word left once digits and symbols are taken off both ends, swaps read as letters. */
function wordOf(lower: string): string {
  const core = lower.replace(/^[^a-z@$]+|[^a-z]+$/g, '');
  return [...core].map((c) => SWAPS[c] ?? c).join('');
}

/** True for a password from the lists of common ones, or of their shapes (see above). */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (new Set(lower).size < 4) return true;
  if (COMMON_PASSWORDS.has(lower) || isRun(lower)) return true;
  const word = wordOf(lower);
  return COMMON_WORDS.has(word) || COMMON_WORDS.has(word.replace(/[^a-z]/g, ''));
}
