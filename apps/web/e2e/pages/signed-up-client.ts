import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { LogInPage } from './log-in-page';

const SESSION_KEY = 'laurel.user';
const PASSWORD = 'Correct-Horse-42';

type TSession = {
  token: string;
  client_token: string;
  user: { _id: string; client_id: string; role: string };
};

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const cellNumber = () => `08${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/**
 * A business registered through the API (`POST /api/v2/self-onboard/create/client`, every field the contract asks
 * for), whose first admin then signs in through the log-in page like a person would.
 */
export class SignedUpClient {
  readonly email: string;
  readonly password = PASSWORD;

  private constructor(
    readonly page: Page,
    readonly clientId: string,
    email: string,
  ) {
    this.email = email;
  }

  static async register(page: Page, request: APIRequestContext) {
    const email = `owner-${unique()}@beanthere.co.za`;
    const response = await request.post('/api/v2/self-onboard/create/client', {
      data: {
        alias: 'Bean There',
        name: 'Bean There Coffee (Pty) Ltd',
        id_number: '2020/123456/07',
        vat_number: '4123456789',
        domain: '127.0.0.1',
        type: 'ENTITY',
        address: {
          full_address: '1 Long Street, Cape Town, 8001, South Africa',
          coordinates: { lat: -33.9189, lng: 18.4233 },
        },
        client_user: {
          name: 'Thandi',
          surname: 'Nkosi',
          email,
          password: PASSWORD,
          cell_country_code: '+27',
          cell_number: cellNumber(),
          birthday: '1990-05-14',
          get_communication: false,
          agrees_terms_and_conditions: true,
        },
        offering: {
          experience: 'I sell in store',
          product_types: ['Food and beverages'],
          offering: 'Coffee, pastries and beans to take home',
          industry: 'Coffee and cafés',
        },
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as { content: { _id: string } };
    return new SignedUpClient(page, body.content._id, email);
  }

  /** Signs in on the log-in page; the console opens (or the plan page, for a client still to choose a plan). */
  async signIn({ rememberMe = false }: { rememberMe?: boolean } = {}) {
    const logIn = new LogInPage(this.page);
    await logIn.goto();
    await logIn.email.fill(this.email);
    await logIn.password.fill(this.password);
    if (rememberMe) await logIn.rememberMe.check();
    await logIn.signIn.click();
    await expect(this.page).not.toHaveURL(/\/welcome\/log-in$/);
  }

  /** The session the console stored at sign-in. */
  async session(): Promise<TSession> {
    const raw = await this.page.evaluate(
      (key) => window.sessionStorage.getItem(key) ?? window.localStorage.getItem(key),
      SESSION_KEY,
    );
    expect(raw, 'a stored session').not.toBeNull();
    return JSON.parse(raw as string) as TSession;
  }

  /**
   * A session of its own through the API (not the browser's): its client token outlives the browser's Log Out,
   * which ends the browser's session on the server.
   */
  async apiClientToken(request: APIRequestContext): Promise<string> {
    const response = await request.post('/api/v2/client-user/signin', {
      data: { email: this.email, password: this.password, remember_me: false },
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).content.client_token as string;
  }

  /** Chooses a plan through the API with the client token from sign-in (built-in billing provider). */
  async choosePlan(request: APIRequestContext, plan: 'FREEMIUM' | 'STARTER' | 'GROWTH' | 'BUSINESS') {
    const { client_token } = await this.session();
    const response = await request.post('/api/billing/plan', {
      data: { plan },
      headers: { Authorization: `Bearer ${client_token}` },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  /** Spoils every stored token's signature, as an expired, revoked or tampered token would be. */
  async tamperWithTokens() {
    await this.page.evaluate((key) => {
      for (const storage of [window.sessionStorage, window.localStorage]) {
        const raw = storage.getItem(key);
        if (!raw) continue;
        const session = JSON.parse(raw) as Record<string, unknown>;
        for (const field of ['token', 'client_token', 'media_upload_token', 'payment_engine_token']) {
          const token = String(session[field]);
          session[field] = `${token.slice(0, -6)}${token.slice(-6).split('').reverse().join('')}x`;
        }
        storage.setItem(key, JSON.stringify(session));
      }
    }, SESSION_KEY);
  }
}
