/**
 * The embedded mailbox's cookie (docs/decisions/050): the session's access token again,
 * limited to the mailbox's path, which the session sets and clears beside its own cookie so
 * that the mailbox shows a visitor only the mail sent to the account they are signed in as.
 */
export const BUZON_COOKIE = 'buzonDe';
export const BUZON_PATH = '/dev/correos';
