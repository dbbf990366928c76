import { expect, test } from '@playwright/test';
import { CreateClientPage, newBusiness } from './pages/create-client-page';
import { PlanPage } from './pages/plan-page';

const SESSION_KEY = 'laurel.user';

test.describe('the business address in the sign-up wizard', () => {
  test("is chosen from the place search's predictions, and the client record holds its coordinates", async ({
    page,
    request,
  }) => {
    const business = newBusiness();
    const wizard = new CreateClientPage(page);
    await wizard.goto();
    await wizard.fillAccount(business);
    await wizard.next.click();
    await expect(wizard.heading('Company details')).toBeVisible();
    await wizard.fillCompanyDetails({ ...business, address: 'Cape Town', addressPrediction: /^Cape Town/ });

    // Typing again unchooses it: 'Address is required.' until a prediction is clicked.
    const address = wizard.textbox('Business Address');
    await address.fill('Cape Tow');
    await address.press('Escape');
    await wizard.next.click();
    await expect(page.getByText('Address is required.')).toBeVisible();
    await expect(wizard.heading('Company details')).toBeVisible();
    await wizard.chooseAddress('Cape Town', /^Cape Town/);
    const chosen = await address.inputValue();
    await wizard.next.click();
    await expect(wizard.heading('Company information')).toBeVisible();
    await wizard.fillCompanyInformation(business);
    await wizard.next.click();
    await new PlanPage(page).expectShown();

    const session = JSON.parse(
      (await page.evaluate((key) => window.sessionStorage.getItem(key), SESSION_KEY)) as string,
    ) as { client_token: string; user: { client_id: string } };
    const response = await request.get('/api/v2/client', {
      params: { _id: session.user.client_id },
      headers: { Authorization: `Bearer ${session.client_token}` },
    });
    expect(response.status(), await response.text()).toBe(200);
    const { address: saved } = (
      (await response.json()) as {
        content: { address: { full_address: string; coordinates: { lat: number; lng: number } | null } };
      }
    ).content;
    expect(saved.full_address).toBe(chosen);
    // Cape Town lies near 33.9° S, 18.4° E.
    expect(saved.coordinates?.lat).toBeCloseTo(-33.9, 0);
    expect(saved.coordinates?.lng).toBeCloseTo(18.4, 0);
  });
});
