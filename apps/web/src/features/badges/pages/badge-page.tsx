import {
  BADGE_EDITOR_TABS,
  BADGE_MESSAGES,
  badgeTitle,
  COMMON_MESSAGES,
  consolePaths,
  type TBadge,
  type TBadgeEditorTab,
  type TUploadResult,
} from '@laurel/contract';
import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '@/api/use-session';
import { badgeQuery, useSaveBadge, useUploadBadgeIcon } from '@/features/badges/api';
import { iconToSave, newBadgeValues, toBadgeBody, valuesOfBadge } from '@/features/badges/badge-form-values';
import { BADGE_TEXTS } from '@/features/badges/badge-format';
import { mayCreateBadges, mayUpdateBadges } from '@/features/badges/badge-rules';
import { BadgeForm, type TBadgeSubmission } from '@/features/badges/components/badge-form';
import { ReadOnlyNote, useBackToListWhenFailed } from '@/ui/editor-page';
import { openMessageModal } from '@/ui/message-modal';
import { BackNavButton } from '@/ui/nav-button';
import { PageLoader } from '@/ui/page-loader';
import { PageTitle } from '@/ui/page-title';
import { mutateSettled } from '@/ui/use-one-at-a-time';

const BackToBadges = () => (
  <BackNavButton to={consolePaths.badges}>{BADGE_MESSAGES.backToBadges}</BackNavButton>
);

const TAB_PARAM = 'tab';
const FIRST_TAB: TBadgeEditorTab = 'Details';

/** The open tab lives in the URL (`?tab=Icons`), so that it survives a save and a reload. */
const useEditorTab = () => {
  const [params, setParams] = useSearchParams();
  const raw = params.get(TAB_PARAM);
  const tab = (BADGE_EDITOR_TABS as readonly string[]).includes(raw ?? '')
    ? (raw as TBadgeEditorTab)
    : FIRST_TAB;
  const setTab = (next: TBadgeEditorTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === FIRST_TAB) updated.delete(TAB_PARAM);
        else updated.set(TAB_PARAM, next);
        return updated;
      },
      { replace: true },
    );
  return { tab, setTab };
};

const BadgeEditor = ({ badge }: { badge: TBadge | null }) => {
  const navigate = useNavigate();
  const user = useSession()?.user;
  const { tab, setTab } = useEditorTab();
  const upload = useUploadBadgeIcon();
  const save = useSaveBadge();
  // A file already uploaded is not sent again when the save after it has to be retried.
  const uploads = useRef(new WeakMap<File, TUploadResult>());

  const isNew = badge === null;
  const title = isNew ? BADGE_MESSAGES.createTitle : badgeTitle(badge.name);
  const readOnly = isNew ? !mayCreateBadges(user) : !mayUpdateBadges(user);

  const submit = async ({ values, file }: TBadgeSubmission) => {
    let uploaded: TUploadResult | null = null;
    if (file) {
      uploaded = uploads.current.get(file) ?? null;
      if (!uploaded) {
        try {
          // Only a newly chosen file is uploaded; a failure is shown by the mutation and the save stops here.
          uploaded = await upload.mutateAsync({ file, badgeName: values.name });
        } catch {
          return;
        }
        uploads.current.set(file, uploaded);
      }
    }
    // Settles with the save, so that the form sends nothing more until then (a failure is shown by the mutation).
    await mutateSettled(
      save,
      { id: badge?._id ?? null, body: toBadgeBody(values, iconToSave(values, uploaded)) },
      (saved) => {
        // After creating, the badge's own route (spec 2 §2), as it is: Back should not reopen an empty form.
        if (isNew) void navigate(consolePaths.badge(saved._id), { replace: true });
        openMessageModal({ title: COMMON_MESSAGES.successExclaimed, message: BADGE_MESSAGES.saved });
      },
    );
  };

  return (
    <Stack gap="lg">
      <PageTitle title={title} />
      <Stack gap="sm">
        <BackToBadges />
        <Title order={1} fz="h2">
          {title}
        </Title>
      </Stack>
      {readOnly && <ReadOnlyNote>{BADGE_TEXTS.readOnlyNote}</ReadOnlyNote>}
      <BadgeForm
        // A saved badge starts the form afresh, which clears the edited flag (spec 2 §4).
        key={badge ? `${badge._id}:${badge.updated_at}` : 'new'}
        initialValues={badge ? valuesOfBadge(badge) : newBadgeValues()}
        granted={badge?.quantity_limited ? badge.granted_quantity : 0}
        readOnly={readOnly}
        submitting={upload.isPending || save.isPending}
        tab={tab}
        onTabChange={setTab}
        onSubmit={submit}
      />
    </Stack>
  );
};

const ExistingBadge = ({ id }: { id: string }) => {
  const badge = useQuery(badgeQuery(id));
  useBackToListWhenFailed(badge.isError, consolePaths.badges);
  if (!badge.data) return <PageLoader label="Loading the badge" />;
  return <BadgeEditor badge={badge.data} />;
};

/** `/console/badge/{badge_id?}`: 'Create a badge' without an id, 'Badge - {name}' with one. */
export const BadgePage = () => {
  const { badge_id: id } = useParams();
  if (!id) return <BadgeEditor badge={null} />;
  return <ExistingBadge key={id} id={id} />;
};
