import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { COFFEE, COFFEE_ID, ICON_URL, SUMMER_ID, serveBadges } from '@/features/badges/test-server';
import { renderApp } from '@/test/render-app';
import { fail, ok, type TStubCall } from '@/test/stub-api';
import { loadIconLibrary } from '@/ui/icon-picker';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const NEW_ID = '9'.repeat(24);

// The icon set is a large chunk; fetched once, as a browser keeps it after first use.
beforeAll(() => loadIconLibrary(), 60_000);
const UPLOADED = {
  location: 'http://127.0.0.1:8080/media/badge_icon/new-star.png',
  etag: 'etag-new',
  file_name: 'star.png',
  content_type: 'image/png',
  size: 68,
};

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const tab = (name: string) => user.click(screen.getByRole('tab', { name }));
const choose = async (name: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: option }));
};

const openCreate = async () => {
  const view = renderApp('/console/badge');
  await screen.findByRole('heading', { level: 1, name: 'Create a badge' });
  return view;
};

const openBadge = async (id: string, name: string) => {
  const view = renderApp(`/console/badge/${id}`);
  await screen.findByRole('heading', { level: 1, name: `Badge - ${name}` });
  return view;
};

/** Name, description, sub copy and a library icon: everything a new badge needs. */
const fillNewBadge = async () => {
  await user.type(field('Name'), 'Coffee Connoisseur');
  await tab('Text');
  await user.type(field('Description'), 'Awarded to our most loyal coffee lovers.');
  await user.type(field('Sub Copy'), 'Earned with your 10th coffee');
  await tab('Icons');
  // The search box opens once the icon set has arrived.
  await screen.findByRole('listbox', { name: 'Icon library' });
  await user.type(screen.getByRole('textbox', { name: 'Search icons' }), 'mug-h');
  await user.click(await screen.findByRole('option', { name: 'mug-hot' }));
};

const validationMessages = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Validation Error' });
  expect(within(dialog).getByText('Please correct the following errors:')).toBeTruthy();
  return within(dialog)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
};

const pngFile = () =>
  new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'star.png', {
    type: 'image/png',
  });

const uploadedForm = (call: TStubCall | undefined, fetchCalls: [RequestInfo | URL, RequestInit?][]) => {
  const init = fetchCalls.find(([url]) => String(url) === '/api/upload/upload')?.[1];
  expect(call?.headers.get('Authorization')).toBe('Bearer media-jwt');
  return init?.body as FormData;
};

describe('create a badge', () => {
  it('opens on Details with the spec defaults and Save disabled until something is edited', async () => {
    serveBadges();
    await openCreate();
    expect(document.title).toBe('Create a badge');
    expect(screen.getByRole('heading', { level: 2, name: 'Customise Your Badge' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Badges' }).tagName).toBe('BUTTON');
    expect(screen.getAllByRole('tab').map((item) => item.textContent)).toEqual([
      'Details',
      'Icons',
      'Text',
      'Theme',
    ]);
    expect(screen.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('combobox', { name: 'Quantity Type' }) as HTMLInputElement).value).toBe(
      'Unlimited',
    );
    expect(field('Quantity').value).toBe('0');
    expect((screen.getByRole('combobox', { name: 'Category' }) as HTMLInputElement).value).toBe(
      'Achievement',
    );
    expect(field('Level').value).toBe('1');
    expect(button('Save').disabled).toBe(true);
    await user.type(field('Name'), 'C');
    expect(button('Save').disabled).toBe(false);
    // The preview follows the name as it is typed.
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('C')).toBeTruthy();
    expect(within(preview).getByRole('img', { name: 'Trophy placeholder icon' })).toBeTruthy();
    // The card's words are drawn in the client's colours and read out as its description; its name is fixed, so
    // that the fields' labels (Name, Sub Copy, Description) name only the fields.
    const card = within(preview).getByRole('group', { name: 'The badge as players see it' });
    expect(card.getAttribute('aria-label')).toBe('The badge as players see it');
    expect(document.getElementById(card.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'CSub copy',
    );
    expect(screen.getAllByLabelText('Name', { exact: false })).toHaveLength(1);
  });

  it('says when the theme makes the words hard to read, until they read well', async () => {
    serveBadges();
    await openCreate();
    await tab('Theme');
    // The spec's default: gold on white.
    const note = await screen.findByRole('status');
    expect(within(note).getByText('Players may find the words hard to read')).toBeTruthy();
    expect(note.textContent).toContain(
      'Name Color on the Background Color contrasts 2.4:1; 3:1 or more reads well.',
    );
    await user.clear(field('Name Color'));
    await user.type(field('Name Color'), '#6b4f0b');
    await waitFor(() => expect(screen.queryByText('Players may find the words hard to read')).toBeNull());
    await user.clear(field('Sub Copy Color'));
    await user.type(field('Sub Copy Color'), '#bbbbbb');
    expect((await screen.findByRole('status')).textContent).toContain(
      'Sub Copy Color on the Background Color contrasts 1.9:1; 4.5:1 or more reads well.',
    );
  });

  it('lets Quantity be edited only when Limited, and requires it then', async () => {
    const api = serveBadges();
    await openCreate();
    expect(field('Quantity').disabled).toBe(true);
    await choose('Quantity Type', 'Limited');
    expect(field('Quantity').disabled).toBe(false);
    await user.clear(field('Quantity'));
    await user.click(button('Save'));
    expect(await validationMessages()).toContain('Quantity is required');
    expect(api.callsTo('POST /api/badges')).toHaveLength(0);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Validation Error' })).getByRole('button', { name: 'OK' }),
    );
    expect(screen.getByText('Quantity is required')).toBeTruthy();
    await choose('Quantity Type', 'Unlimited');
    expect(field('Quantity').disabled).toBe(true);
  });

  it('lets the dates be edited only when enabled, and checks them then', async () => {
    serveBadges();
    await openCreate();
    expect(field('Start Date').disabled).toBe(true);
    expect(field('End Date').disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Enable Dates' }));
    expect(field('Start Date').disabled).toBe(false);
    expect(field('End Date').disabled).toBe(false);
    await user.click(button('Save'));
    const messages = await validationMessages();
    expect(messages).toEqual([
      'Name is required',
      'Description is required',
      'Sub copy is required',
      'Icon is required',
      'Start date is required',
      'End date is required',
    ]);
  });

  it('keeps Save enabled once a field was typed in and cleared, and lists its message (spec 2 §5 edited flag)', async () => {
    const api = serveBadges();
    await openCreate();
    expect(button('Save').disabled).toBe(true);
    await user.type(field('Name'), 'x');
    await user.clear(field('Name'));
    expect(button('Save').disabled).toBe(false);
    await user.click(button('Save'));
    expect(await validationMessages()).toContain('Name is required');
    expect(api.callsTo('POST /api/badges')).toHaveLength(0);
  });

  it('refuses an end date before the start date', async () => {
    serveBadges();
    await openCreate();
    await user.click(screen.getByRole('checkbox', { name: 'Enable Dates' }));
    // The end date's calendar starts at the start date, so the start is moved past an end already chosen.
    await user.type(field('End Date'), '5 Mar 2025');
    fireEvent.blur(field('End Date'));
    await user.type(field('Start Date'), '10 Mar 2025');
    fireEvent.blur(field('Start Date'));
    expect(field('Start Date').value).toBe('10 Mar 2025');
    expect(field('End Date').value).toBe('5 Mar 2025');
    await user.click(button('Save'));
    expect(await validationMessages()).toContain('End date must be after start date');
  });

  it('lists every missing theme colour', async () => {
    serveBadges();
    await openCreate();
    await fillNewBadge();
    await tab('Theme');
    for (const label of ['Primary Color', 'Name Color', 'Sub Copy Color', 'Background Color', 'Icon Color'])
      await user.clear(field(label));
    await user.click(button('Save'));
    expect(await validationMessages()).toEqual([
      'Primary theme color is required',
      'Name theme color is required',
      'Sub copy theme color is required',
      'Background theme color is required',
      'Icon theme color is required',
    ]);
  });

  it("creates with a library icon, goes to the new badge's route and says 'Successfully saved your badge.'", async () => {
    const api = serveBadges(
      {},
      {
        'POST /api/badges': (body) => ok({ ...COFFEE, ...(body as object), _id: NEW_ID }, 'Badge saved.'),
        [`GET /api/badges/${NEW_ID}`]: () => ok({ ...COFFEE, _id: NEW_ID }),
      },
    );
    const { router } = await openCreate();
    await fillNewBadge();
    expect(screen.getByRole('option', { name: 'mug-hot' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Preview' }))
          .getByRole('img', { name: 'mug-hot icon' })
          .querySelector('svg[data-icon="mug-hot"]'),
      ).toBeTruthy(),
    );
    await user.click(button('Save'));
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    expect(within(success).getByText('Successfully saved your badge.')).toBeTruthy();
    expect(api.callsTo('POST /api/upload/upload')).toHaveLength(0);
    expect(api.callsTo('POST /api/badges')[0]?.body).toEqual({
      name: 'Coffee Connoisseur',
      description: 'Awarded to our most loyal coffee lovers.',
      sub_copy: 'Earned with your 10th coffee',
      quantity_limited: false,
      quantity: 0,
      dates_enabled: false,
      start_date: null,
      end_date: null,
      icon: { name: 'mug-hot', prefix: 'fas', url: null, etag: null, file_name: null },
      theme: {
        primary: '#d2a023',
        name: '#d2a023',
        sub_copy: '#000000',
        background: '#FFFFFF',
        icon: '#FFFFFF',
      },
      category: 'Achievement',
      level: 1,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/badge/${NEW_ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Badge - Coffee Connoisseur' })).toBeTruthy();
    // Saving cleared the edited flag.
    expect(button('Save').disabled).toBe(true);
  });

  it('uploads a chosen file first, hides the library while it is chosen, and saves its location', async () => {
    const api = serveBadges(
      {},
      {
        'POST /api/upload/upload': () => ok(UPLOADED, 'File uploaded.'),
        'POST /api/badges': (body) => ok({ ...COFFEE, ...(body as object), _id: NEW_ID }),
        [`GET /api/badges/${NEW_ID}`]: () => ok({ ...COFFEE, _id: NEW_ID }),
      },
    );
    await openCreate();
    await fillNewBadge();
    await user.upload(screen.getByLabelText('Custom Icon'), pngFile());
    expect(screen.queryByRole('listbox', { name: 'Icon library' })).toBeNull();
    expect(screen.getByText('star.png')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Preview' })).getByRole('img', { name: /^Custom icon/ }),
    ).toBeTruthy();
    await user.click(button('Save'));
    await screen.findByRole('dialog', { name: 'Success!' });

    const order = api.calls
      .map((call) => `${call.method} ${call.path}`)
      .filter((key) => key.startsWith('POST'));
    expect(order).toEqual(['POST /api/upload/upload', 'POST /api/badges']);
    const form = uploadedForm(api.callsTo('POST /api/upload/upload')[0], api.fetchMock.mock.calls);
    expect(form.get('type')).toBe('IMAGE');
    expect(form.get('category')).toBe('badge_icon');
    expect(form.get('name')).toBe('star.png');
    expect((form.get('file') as File).name).toBe('star.png');
    const saved = api.callsTo('POST /api/badges')[0]?.body as { icon: unknown } | undefined;
    expect(saved?.icon).toEqual({
      name: null,
      prefix: null,
      url: UPLOADED.location,
      etag: UPLOADED.etag,
      file_name: UPLOADED.file_name,
    });
  });

  it("aborts the save when the upload fails, with 'Something went wrong when uploading your icon!'", async () => {
    const api = serveBadges(
      {},
      { 'POST /api/upload/upload': () => fail(415, 'Only PNG, JPEG and SVG images are accepted.') },
    );
    const { router } = await openCreate();
    await fillNewBadge();
    await user.upload(screen.getByLabelText('Custom Icon'), pngFile());
    await user.click(button('Save'));
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when uploading your icon!',
    });
    expect(within(modal).getByText('Only PNG, JPEG and SVG images are accepted.')).toBeTruthy();
    expect(api.callsTo('POST /api/upload/upload')).toHaveLength(1);
    expect(api.callsTo('POST /api/badges')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/console/badge');
    expect(button('Save').disabled).toBe(false);
  });

  it('refuses a file that is not an image and keeps the library', async () => {
    serveBadges();
    await openCreate();
    await tab('Icons');
    await screen.findByRole('listbox', { name: 'Icon library' });
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    // The file dialog filters by type; a file dropped past it is still refused.
    fireEvent.change(screen.getByLabelText('Custom Icon'), { target: { files: [text] } });
    expect(await screen.findByText('Only PNG, JPEG and SVG images are accepted.')).toBeTruthy();
    expect(screen.getByRole('listbox', { name: 'Icon library' })).toBeTruthy();
  });

  it("shows 'Something went wrong when creating your badge!' with the server's message", async () => {
    serveBadges({}, { 'POST /api/badges': () => fail(409, 'A badge with this name already exists.') });
    const { router } = await openCreate();
    await fillNewBadge();
    await user.click(button('Save'));
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when creating your badge!',
    });
    expect(within(modal).getByText('A badge with this name already exists.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/console/badge');
  });
});

describe('a double-click on Save', () => {
  it('creates one badge', async () => {
    const api = serveBadges(
      {},
      {
        'POST /api/badges': (body) => ok({ ...COFFEE, ...(body as object), _id: NEW_ID }, 'Badge saved.'),
        [`GET /api/badges/${NEW_ID}`]: () => ok({ ...COFFEE, _id: NEW_ID }),
      },
    );
    await openCreate();
    await fillNewBadge();
    // Both clicks before React re-renders Save busy, while the form's checks load.
    fireEvent.click(button('Save'));
    fireEvent.click(button('Save'));
    await screen.findByRole('dialog', { name: 'Success!' });
    expect(api.callsTo('POST /api/badges')).toHaveLength(1);
  });

  it('saves once, and once more after the save failed', async () => {
    const put = `PUT /api/badges/${COFFEE_ID}`;
    let replies = 0;
    const api = serveBadges(
      {},
      {
        [put]: (body) => {
          replies += 1;
          return replies === 1
            ? fail(400, 'The server said no')
            : ok({ ...COFFEE, ...(body as object), updated_at: '2025-04-01T10:00:00.000Z' });
        },
      },
    );
    await openBadge(COFFEE_ID, 'Coffee Connoisseur');
    await user.clear(field('Level'));
    await user.type(field('Level'), '7');
    fireEvent.click(button('Save'));
    fireEvent.click(button('Save'));
    const failed = 'Something went wrong when creating your badge!';
    const modal = await screen.findByRole('dialog', { name: failed });
    expect(api.callsTo(put)).toHaveLength(1);
    await user.click(within(modal).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: failed })).toBeNull());
    fireEvent.click(button('Save'));
    fireEvent.click(button('Save'));
    await screen.findByRole('dialog', { name: 'Success!' });
    expect(api.callsTo(put)).toHaveLength(2);
  });
});

describe('edit a badge', () => {
  it('loads the badge, sends the change with PUT and clears the edited flag', async () => {
    const api = serveBadges(
      {},
      {
        [`PUT /api/badges/${COFFEE_ID}`]: (body) =>
          ok({ ...COFFEE, ...(body as object), updated_at: '2025-04-01T10:00:00.000Z' }),
      },
    );
    await openBadge(COFFEE_ID, 'Coffee Connoisseur');
    expect(document.title).toBe('Badge - Coffee Connoisseur');
    expect(field('Name').value).toBe('Coffee Connoisseur');
    expect(button('Save').disabled).toBe(true);
    await choose('Category', 'Milestone');
    await user.clear(field('Level'));
    await user.type(field('Level'), '7');
    await user.click(button('Save'));
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    expect(within(success).getByText('Successfully saved your badge.')).toBeTruthy();
    const body = api.callsTo(`PUT /api/badges/${COFFEE_ID}`)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ category: 'Milestone', level: 7, icon: { name: 'mug-hot', prefix: 'fas' } });
    expect(api.callsTo('POST /api/badges')).toHaveLength(0);
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(button('Save').disabled).toBe(true));
  });

  it('shows a stored image instead of the library, with its stock; removing it brings the library back', async () => {
    serveBadges();
    renderApp(`/console/badge/${SUMMER_ID}?tab=Icons`);
    await screen.findByRole('heading', { level: 1, name: 'Badge - Summer Star' });
    expect(screen.getByRole('tab', { name: 'Icons' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('listbox', { name: 'Icon library' })).toBeNull();
    expect(screen.getByText('star.png')).toBeTruthy();
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(
      within(preview)
        .getByRole('img', { name: 'Custom icon star.png' })
        .querySelector('img')
        ?.getAttribute('src'),
    ).toBe(ICON_URL);
    await user.click(button('Remove'));
    expect(await screen.findByRole('listbox', { name: 'Icon library' })).toBeTruthy();
    expect(button('Save').disabled).toBe(false);

    await tab('Details');
    expect(field('Quantity').value).toBe('100');
    expect(screen.getByText('3 granted so far: the stock cannot go below that.')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Enable Dates' })).toHaveProperty('checked', true);
    expect(field('Start Date').disabled).toBe(false);
  });

  it("returns to the list with 'Something went wrong when retrieving your badge!' when it cannot be loaded", async () => {
    const missing = 'f'.repeat(24);
    serveBadges({}, { [`GET /api/badges/${missing}`]: () => fail(404, 'Badge not found.') });
    const { router } = renderApp(`/console/badge/${missing}`);
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when retrieving your badge!',
    });
    expect(within(modal).getByText('Badge not found.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/badges'));
  });
});
