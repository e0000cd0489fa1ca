/**
 * Whether the admin runs on the website (http/https) rather than in the
 * desktop app (`app://`), where the public pages are not at hand.
 */
export const onWeb = () =>
  window.location.protocol === 'http:' || window.location.protocol === 'https:';
