import { Card, Grid, Stack } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import type { TBranchFormValues } from '@/features/settings/branches/branch-values';
import { SectionHeading } from '@/features/settings/components/section-heading';

/** What every section of the branch form is given. */
export type TSectionProps = {
  values: TBranchFormValues;
  /** Applies a change; `paths` are the fields the user touched, whose messages then show. */
  update: (patch: Partial<TBranchFormValues>, paths: string[]) => void;
  errorOf: (path: string) => string | undefined;
  disabled: boolean;
  currencySymbol: string;
};

/** Hints go under the input, so that inputs side by side line up whether or not they have one. */
export const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

type TFormSectionProps = {
  title: string;
  description: string;
  /** 'stacked' puts the heading above the fields, for wide content such as a table. */
  layout?: 'side' | 'stacked';
  children: ReactNode;
};

/** A titled card: what the section is about on the left, its fields on the right (stacked on small screens). */
export const FormSection = ({ title, description, layout = 'side', children }: TFormSectionProps) => {
  const headingId = useId();
  const heading = <SectionHeading id={headingId} title={title} description={description} gap={4} />;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      {layout === 'stacked' ? (
        <Stack gap="md">
          {heading}
          {children}
        </Stack>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>{heading}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>{children}</Grid.Col>
        </Grid>
      )}
    </Card>
  );
};
