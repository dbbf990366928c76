import { BADGE_EDITOR_TABS, BADGE_MESSAGES, type TBadgeEditorTab } from '@laurel/contract';
import { Box, Grid, Indicator, Paper, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Icon, IconIcons, IconListDetails, IconPalette, IconTextCaption } from '@tabler/icons-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import {
  errorsByField,
  isSameValues,
  type TBadgeField,
  type TBadgeFormValues,
} from '@/features/badges/badge-form-values';
import { BadgePreview } from '@/features/badges/components/badge-preview';
import { DetailsTab } from '@/features/badges/components/details-tab';
import { IconsTab } from '@/features/badges/components/icons-tab';
import { TextTab } from '@/features/badges/components/text-tab';
import { ThemeTab } from '@/features/badges/components/theme-tab';
import { openValidationErrors } from '@/features/badges/components/validation-errors';
import { EditorCardHeader } from '@/ui/editor-card-header';
import { lazyModule } from '@/ui/lazy-module';
import { useEditedFlag } from '@/ui/use-edited-flag';
import { useLazyChecks } from '@/ui/use-lazy-checks';
import { useObjectUrl } from '@/ui/use-object-url';
import { useOneAtATime } from '@/ui/use-one-at-a-time';

export type TBadgeSubmission = { values: TBadgeFormValues; file: File | null };

const badgeChecks = lazyModule(() => import('@/features/badges/badge-validation'));

export type TBadgeFormProps = {
  initialValues: TBadgeFormValues;
  /** How many of a limited badge are already granted: its stock cannot go below. */
  granted: number;
  readOnly?: boolean;
  submitting?: boolean;
  tab: TBadgeEditorTab;
  onTabChange: (tab: TBadgeEditorTab) => void;
  /** The save, awaited: a promise keeps Save from sending again until it settles (a double-click sends one). */
  onSubmit: (submission: TBadgeSubmission) => unknown;
};

const TAB_ICONS: Record<TBadgeEditorTab, Icon> = {
  Details: IconListDetails,
  Icons: IconIcons,
  Text: IconTextCaption,
  Theme: IconPalette,
};

const tabOf = (field: TBadgeField): TBadgeEditorTab =>
  field === 'icon'
    ? 'Icons'
    : field === 'description' || field === 'sub_copy'
      ? 'Text'
      : field.startsWith('theme.')
        ? 'Theme'
        : 'Details';

/**
 * 'Customise Your Badge' (spec 2 §2): vertical tabs Details, Icons, Text and Theme beside a live preview. Save is
 * enabled once something is edited; a save with errors opens 'Validation Error' listing them and marks the fields
 * and tabs, and nothing is sent.
 */
export const BadgeForm = ({
  initialValues,
  granted,
  readOnly = false,
  submitting = false,
  tab,
  onTabChange,
  onSubmit,
}: TBadgeFormProps) => {
  const headingId = useId();
  const [values, setValues] = useState(initialValues);
  const [file, setFile] = useState<File | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const fileUrl = useObjectUrl(file);
  const wide = useMediaQuery('(min-width: 48em)', true);

  const edited = useEditedFlag(file !== null || !isSameValues(values, initialValues));
  const checks = useLazyChecks(badgeChecks, edited);
  const errors = useMemo(() => checks?.validateBadge(values, file) ?? [], [checks, values, file]);
  const fieldErrors = showErrors ? errorsByField(errors) : {};
  const tabsWithErrors = new Set(showErrors ? errors.map((error) => tabOf(error.field)) : []);

  const set = <K extends keyof TBadgeFormValues>(field: K, value: TBadgeFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  // Marked before the checks load: a double-click's second submit, arriving meanwhile, is dropped.
  const once = useOneAtATime();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly || !edited || submitting) return;
    void once(async () => {
      const found = (await badgeChecks.get()).validateBadge(values, file);
      if (found.length > 0) {
        setShowErrors(true);
        openValidationErrors(found.map((error) => error.message));
        return;
      }
      await onSubmit({ values, file });
    });
  };

  const tabProps = { values, set, errors: fieldErrors, readOnly };

  return (
    <form aria-labelledby={headingId} onSubmit={submit} noValidate>
      <Paper withBorder radius="md">
        <EditorCardHeader
          headingId={headingId}
          title={BADGE_MESSAGES.header}
          hint={'Details, icon, words and colours; the preview shows the badge as players will see it.'}
          readOnly={readOnly}
          edited={edited}
          submitting={submitting}
        />
        <Grid gap="lg" p={{ base: 'md', sm: 'lg' }} align="flex-start">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Tabs
              value={tab}
              onChange={(next) => next && onTabChange(next as TBadgeEditorTab)}
              orientation={wide ? 'vertical' : 'horizontal'}
              variant="pills"
              keepMounted={false}
              styles={{ tabLabel: { textAlign: 'left' } }}
            >
              <Tabs.List aria-label="Badge settings" miw={wide ? 150 : undefined} mb={wide ? 0 : 'md'}>
                {BADGE_EDITOR_TABS.map((name) => {
                  const TabIcon = TAB_ICONS[name];
                  return (
                    <Tabs.Tab key={name} value={name} leftSection={<TabIcon size={16} aria-hidden />}>
                      <Indicator
                        color="red"
                        size={7}
                        offset={-4}
                        position="middle-end"
                        disabled={!tabsWithErrors.has(name)}
                        inline
                      >
                        <Box pr={tabsWithErrors.has(name) ? 10 : 0}>{name}</Box>
                      </Indicator>
                    </Tabs.Tab>
                  );
                })}
              </Tabs.List>
              <Tabs.Panel value="Details" pl={wide ? 'lg' : 0}>
                <DetailsTab {...tabProps} granted={granted} />
              </Tabs.Panel>
              <Tabs.Panel value="Icons" pl={wide ? 'lg' : 0}>
                <IconsTab {...tabProps} file={file} fileUrl={fileUrl} onFileChange={setFile} />
              </Tabs.Panel>
              <Tabs.Panel value="Text" pl={wide ? 'lg' : 0}>
                <TextTab {...tabProps} />
              </Tabs.Panel>
              <Tabs.Panel value="Theme" pl={wide ? 'lg' : 0}>
                <ThemeTab {...tabProps} />
              </Tabs.Panel>
            </Tabs>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }} style={{ position: 'sticky', top: 80 }}>
            <BadgePreview values={values} fileUrl={fileUrl} />
          </Grid.Col>
        </Grid>
      </Paper>
    </form>
  );
};
