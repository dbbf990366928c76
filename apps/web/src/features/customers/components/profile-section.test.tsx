import { Button, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileSection } from '@/features/customers/components/profile-section';

describe('a profile box', () => {
  it('names its region by its title, and lets its actions wrap under the title on a narrow screen', () => {
    render(
      <MantineProvider env="test">
        <ProfileSection title="Subscriptions" actions={<Button>Issue Subscription</Button>}>
          <p>Nothing yet</p>
        </ProfileSection>
      </MantineProvider>,
    );
    const box = screen.getByRole('region', { name: 'Subscriptions' });
    expect(box.textContent).toContain('Issue Subscription');
    // A 'nowrap' header pushed 'Issue Subscription' out of the box at 390 px.
    const header = screen.getByTestId('profile-section-header');
    expect(header.style.getPropertyValue('--group-wrap')).toBe('wrap');
  });
});
