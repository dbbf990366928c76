/**
 * The mail the server "sent", read through `GET /api/dev/outbox?to=` (registered only when the server runs with
 * MAIL_OUTBOX_API=1, as the e2e server does). There is no mail UI: this is how a journey follows an emailed link.
 */
// The same server the journeys open (playwright.config.ts): E2E_BASE_URL, else E2E_PORT, else 8090.
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT || '8090'}`;

type TOutboxMail = { to: string; subject: string; link: string | null; created_at: string };

export const readOutbox = async (email: string): Promise<TOutboxMail[]> => {
  const response = await fetch(`${baseURL}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  if (!response.ok)
    throw new Error(`GET /api/dev/outbox answered ${response.status}: is MAIL_OUTBOX_API=1 set?`);
  const body = (await response.json()) as { success: boolean; content: TOutboxMail[] };
  return body.content;
};

/**
 * The link of the newest mail to `email` (whose subject matches, when given), as a path on the server under test:
 * the server writes links with its PUBLIC_URL, which need not be the address the tests use.
 */
export const readLatestMailLink = async (email: string, subject?: RegExp) => {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const mail = (await readOutbox(email)).find(
      (item) => item.link !== null && (subject === undefined || subject.test(item.subject)),
    );
    if (mail?.link) {
      const url = new URL(mail.link);
      return `${url.pathname}${url.search}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail with a link to ${email}${subject ? ` matching ${subject}` : ''}`);
};
