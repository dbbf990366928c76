/**
 * A loopback host: localhost, 127.0.0.0/8, ::1, or 127.x mapped into IPv6, with or without brackets. It takes a
 * hostname as the URL parser writes it (which has already normalised `127.1`, `0x7f.1` and IPv6 spellings) or a
 * listener's bind address as configured: the webhook URL rule and the metrics listener's warning ask the same thing.
 */
export const isLoopbackHostname = (hostname: string) => {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === 'localhost.localdomain' || host === '::1') return true;
  if (/^127(\.\d{1,3}){3}$/.test(host)) return true;
  return /^::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|127(\.\d{1,3}){3})$/.test(host);
};
