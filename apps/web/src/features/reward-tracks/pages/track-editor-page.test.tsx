import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  LEVEL_ID,
  LEVELS_TRACK,
  NEW_ID,
  pngFile,
  serveRewardTracks,
  TIER_ID,
  TIERS_TRACK,
  trackFixture,
} from '@/features/reward-tracks/test-server';
import { renderApp } from '@/test/render-app';
import { listReply } from '@/test/sign-in';
import { fail, ok } from '@/test/stub-api';

const user = userEvent.setup({ delay: null });

const UPLOADED = (name: string) => ({
  location: `http://127.0.0.1:8080/media/milestone_images/${name}`,
  etag: `etag-${name}`,
  file_name: name,
  content_type: 'image/png',
  size: 68,
});

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const milestone = (position: number) => screen.getByRole('group', { name: `Milestone ${position}` });
const inside = (position: number, label: string) =>
  within(milestone(position)).getByRole('textbox', { name: label }) as HTMLInputElement;

const trackName = () =>
  within(screen.getByRole('region', { name: 'Reward Track Information' })).getByRole('textbox', {
    name: 'Name',
  });

const validationMessages = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Validation Error' });
  expect(within(dialog).getByText('Please correct the following errors:')).toBeTruthy();
  return within(dialog)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
};

/** Every field of milestone n; the image is chosen as a file. */
const fillMilestone = async (position: number, name: string, value: number, level?: number) => {
  await user.type(inside(position, 'Name'), name);
  await user.type(inside(position, 'Colour'), '#cd7f32');
  const source = within(milestone(position)).getAllByRole('textbox')[2] as HTMLInputElement;
  await user.type(source, String(value));
  if (level !== undefined) await user.type(inside(position, 'Level'), String(level));
  await user.upload(within(milestone(position)).getByLabelText('Image'), pngFile(`${name}.png`, 64, 64));
  await within(milestone(position)).findByText(`${name}.png`);
};

describe('tier progression page', () => {
  it('creates the first tier track: Save waits for an edit, every error is listed, tiers follow the position', async () => {
    const api = serveRewardTracks(
      {},
      {
        'GET /api/reward-tracks': () => listReply([]),
        'POST /api/upload/upload': () => ok(UPLOADED('Bronze.png'), 'File uploaded.'),
        'POST /api/reward-tracks': (body) =>
          ok(
            { ...TIERS_TRACK, ...(body as object), _id: NEW_ID, itemId: NEW_ID },
            'Reward track saved successfully.',
          ),
        [`GET /api/reward-tracks/${NEW_ID}`]: () => ok({ ...TIERS_TRACK, _id: NEW_ID }),
      },
    );
    const { router } = renderApp('/console/tier-progression-details');
    await screen.findByRole('heading', { level: 1, name: 'Create a tier progression' });
    expect(document.title).toBe('Create a tier progression');
    for (const section of [
      'Reward Track Information',
      'Configure Year-End Rules',
      'Milestones Configuration',
    ])
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Reset points annually' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Persist tier levels annually' })).toBeTruthy();
    expect(screen.getAllByRole('group', { name: /^Milestone \d$/ })).toHaveLength(1);
    expect(button('Save').disabled).toBe(true);

    await user.type(trackName(), 'Coffee Club Tiers');
    expect(button('Save').disabled).toBe(false);
    await user.click(button('Save'));
    expect(await validationMessages()).toEqual([
      'Name is required',
      'Value is required',
      'Image is required',
      'Color is required',
    ]);
    expect(screen.getByRole('list', { name: 'Milestone 1' })).toBeTruthy();
    await user.click(
      within(screen.getByRole('dialog', { name: 'Validation Error' })).getByRole('button', { name: 'OK' }),
    );
    expect(api.callsTo('POST /api/reward-tracks')).toHaveLength(0);

    // Three milestones: the tier of each is its position, and cannot be typed.
    // Found afresh each time: the field's code arrives on first use and takes the stand-in's place.
    const count = () => screen.getByRole('textbox', { name: 'Number of Milestones' });
    await user.clear(count());
    await user.type(count(), '3');
    expect(screen.getAllByRole('group', { name: /^Milestone \d$/ })).toHaveLength(3);
    expect([1, 2, 3].map((position) => inside(position, 'Tier').value)).toEqual(['1', '2', '3']);
    expect(inside(3, 'Tier').readOnly).toBe(true);
    expect(within(milestone(3)).getByText('Gold')).toBeTruthy();
    await user.clear(count());
    await user.type(count(), '1');
    expect(screen.getAllByRole('group', { name: /^Milestone \d$/ })).toHaveLength(1);

    await fillMilestone(1, 'Bronze', 2);
    await user.click(button('Save'));
    await screen.findByRole('dialog', { name: 'Success!' });
    expect(screen.getByText('Reward track saved successfully.')).toBeTruthy();
    const upload = api.fetchMock.mock.calls.find(([url]) => String(url) === '/api/upload/upload')?.[1]
      ?.body as FormData;
    expect(upload.get('category')).toBe('milestone_images');
    expect(upload.get('description')).toBe('Bronze');
    expect(upload.get('type')).toBe('IMAGE');
    const body = api.callsTo('POST /api/reward-tracks')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Coffee Club Tiers',
      reward_track_type: 'TIER_PROGRESSION',
      source: 'level',
      target: 'tier',
      milestone_count: 1,
      milestones: [
        {
          index: 0,
          name: 'Bronze',
          colour: '#cd7f32',
          source_value: 2,
          target_value: 1,
          image_url: UPLOADED('Bronze.png').location,
        },
      ],
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/console/tier-progression-details/${NEW_ID}`),
    );
  });

  it("opens the client's tier track from the sidebar's link, titled with its name", async () => {
    serveRewardTracks({}, { 'GET /api/reward-tracks': () => listReply([TIERS_TRACK]) });
    const { router } = renderApp('/console/tier-progression-details');
    await screen.findByRole('heading', { level: 1, name: 'Tier Progression - Coffee Club Tiers' });
    expect(router.state.location.pathname).toBe(`/console/tier-progression-details/${TIER_ID}`);
    expect(screen.getAllByRole('group', { name: /^Milestone \d$/ })).toHaveLength(3);
    expect(inside(2, 'Name').value).toBe('Silver');
    expect(button('Save').disabled).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Qualification window' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Reset points annually' }));
    expect(button('Save').disabled).toBe(false);
    // Spec 3 §5: the edited flag stays up when the change is undone; only a save lowers it.
    await user.click(screen.getByRole('checkbox', { name: 'Reset points annually' }));
    expect(button('Save').disabled).toBe(false);
  });

  it('goes back to the reward tracks list when the track cannot be loaded', async () => {
    serveRewardTracks(
      {},
      { [`GET /api/reward-tracks/${TIER_ID}`]: () => fail(404, 'The reward track could not be found.') },
    );
    const { router } = renderApp(`/console/tier-progression-details/${TIER_ID}`);
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when retrieving your reward track!',
    });
    expect(within(modal).getByText('The reward track could not be found.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/reward-tracks'));
  });
});

describe('level progression page', () => {
  it('uploads only newly chosen images and stops the save when an upload fails', async () => {
    let uploads = 0;
    const api = serveRewardTracks(
      {},
      {
        'POST /api/upload/upload': () => {
          uploads += 1;
          return uploads === 1
            ? fail(415, 'Only PNG, JPEG and SVG images are accepted.')
            : ok(UPLOADED('level-3.png'));
        },
        [`PUT /api/reward-tracks/${LEVEL_ID}`]: (body) =>
          ok({
            ...LEVELS_TRACK,
            ...(body as object),
            updated_at: '2026-02-01T00:00:00.000Z',
            itemId: LEVEL_ID,
          }),
      },
    );
    renderApp(`/console/level-progression-details/${LEVEL_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Level Progression - Coffee Club Levels' });
    expect(inside(1, 'Level').readOnly).toBe(false);
    await user.upload(within(milestone(3)).getByLabelText('Image'), pngFile('level-3.png', 32, 32));
    await user.click(button('Save'));
    const failed = await screen.findByRole('dialog', {
      name: "Something went wrong when uploading your images. Please ensure they're images and try again.",
    });
    expect(within(failed).getByText('Only PNG, JPEG and SVG images are accepted.')).toBeTruthy();
    expect(api.callsTo(`PUT /api/reward-tracks/${LEVEL_ID}`)).toHaveLength(0);
    await user.click(within(failed).getByRole('button', { name: 'OK' }));

    await user.click(button('Save'));
    await screen.findByRole('dialog', { name: 'Success!' });
    expect(api.callsTo('POST /api/upload/upload')).toHaveLength(2);
    const body = api.callsTo(`PUT /api/reward-tracks/${LEVEL_ID}`)[0]?.body as {
      milestones: { image_url: string }[];
    };
    expect(body.milestones.map((item) => item.image_url)).toEqual([
      LEVELS_TRACK.milestones[0]?.image_url,
      LEVELS_TRACK.milestones[1]?.image_url,
      UPLOADED('level-3.png').location,
      LEVELS_TRACK.milestones[3]?.image_url,
    ]);
    await waitFor(() => expect(button('Save').disabled).toBe(true));
  });

  it("shows 'Something went wrong when saving your reward track!' with the server's message", async () => {
    serveRewardTracks(
      {},
      {
        [`PUT /api/reward-tracks/${LEVEL_ID}`]: () =>
          fail(400, 'End date must be on or after the start date'),
      },
    );
    const { router } = renderApp(`/console/level-progression-details/${LEVEL_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Level Progression - Coffee Club Levels' });
    await user.click(screen.getByRole('checkbox', { name: 'Persist tier levels annually' }));
    await user.click(button('Save'));
    const failed = await screen.findByRole('dialog', {
      name: 'Something went wrong when saving your reward track!',
    });
    expect(within(failed).getByText('End date must be on or after the start date')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/console/level-progression-details/${LEVEL_ID}`);
    expect(button('Save').disabled).toBe(false);
  });

  it("refuses a file that is not an image and one that is too large, with the spec's texts", async () => {
    serveRewardTracks();
    renderApp(`/console/level-progression-details/${LEVEL_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Level Progression - Coffee Club Levels' });
    const box = within(milestone(1)).getByLabelText('Image');
    fireEvent.change(box, { target: { files: [new File(['hello'], 'notes.png', { type: 'image/png' })] } });
    expect(await within(milestone(1)).findByText('Invalid image file')).toBeTruthy();
    fireEvent.change(box, { target: { files: [pngFile('huge.png', 4000, 100)] } });
    expect(
      await within(milestone(1)).findByText('Image dimensions must be less than or equal to 2048x2048'),
    ).toBeTruthy();
    expect(button('Save').disabled).toBe(true);
  });
});

describe('generic reward track page', () => {
  it('keeps a typed 0 (not clamped to 1), so the save says the value must be greater than 0', async () => {
    serveRewardTracks();
    renderApp('/console/reward-track-details');
    await screen.findByRole('heading', { level: 1, name: 'Create a reward track' });
    await user.type(trackName(), 'Stamp Card');
    const source = inside(1, 'Source Value');
    await user.clear(source);
    await user.type(source, '0');
    await user.tab();
    expect(source.value).toBe('0');
    await user.click(button('Save'));
    expect(await validationMessages()).toContain('Source value must be greater than 0');
  });

  it('chooses source and target from the statistics, the target among the client’s own', async () => {
    const api = serveRewardTracks(
      {},
      {
        'POST /api/upload/upload': () => ok(UPLOADED('free-coffee.png')),
        'POST /api/reward-tracks': (body) =>
          ok(
            { ...trackFixture(), ...(body as object), _id: NEW_ID, itemId: NEW_ID },
            'Reward track saved successfully.',
          ),
        [`GET /api/reward-tracks/${NEW_ID}`]: () => ok(trackFixture({ _id: NEW_ID })),
      },
    );
    const { router } = renderApp('/console/reward-track-details');
    await screen.findByRole('heading', { level: 1, name: 'Create a reward track' });
    expect(screen.getByRole('button', { name: 'Back to Reward Tracks' })).toBeTruthy();
    await user.type(trackName(), 'Stamp Card');
    await user.click(button('Save'));
    expect(await validationMessages()).toEqual([
      'Source is required',
      'Target is required',
      'Name is required',
      'Source value must be greater than 0',
      'Target value must be greater than 0',
      'Image is required',
      'Color is required',
    ]);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Validation Error' })).getByRole('button', { name: 'OK' }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Source' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'xp',
      'numberOfLogins',
      'coffeeStamps',
      'freeCoffees',
    ]);
    await user.click(screen.getByRole('option', { name: 'coffeeStamps' }));
    await user.click(screen.getByRole('combobox', { name: 'Target' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'coffeeStamps',
      'freeCoffees',
    ]);
    await user.click(screen.getByRole('option', { name: 'freeCoffees' }));
    await fillMilestone(1, 'Free coffee', 10);
    await user.type(inside(1, 'Target Value'), '1');
    api.calls.length = 0;
    await user.click(button('Save'));
    await screen.findByRole('dialog', { name: 'Success!' });
    expect(api.callsTo('POST /api/reward-tracks')[0]?.body).toMatchObject({
      reward_track_type: 'GENERIC',
      source: 'coffeeStamps',
      target: 'freeCoffees',
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/console/reward-track-details/${NEW_ID}`),
    );
  });

  it('moves a progression opened on the generic page to its own page', async () => {
    serveRewardTracks();
    const { router } = renderApp(`/console/reward-track-details/${TIER_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Tier Progression - Coffee Club Tiers' });
    expect(router.state.location.pathname).toBe(`/console/tier-progression-details/${TIER_ID}`);
  });
});
