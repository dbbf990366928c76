import {
  BUTTON_LABELS,
  CHALLENGE_MESSAGES,
  nextNodeKinds,
  type TFlowNodeKind,
  type TObjectiveEventType,
} from '@laurel/contract';
import { Badge, Box, Button, Center, Grid, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { type TChallengeDetails, toChallengeBody } from '@/features/challenges/challenge-form-values';
import { CHALLENGE_TEXTS } from '@/features/challenges/challenge-texts';
import {
  addNodeAfter,
  addObjective,
  createNode,
  nextKindsAfter,
  nodeById,
  objectivesOf,
  pathTo,
  removeTree,
  type TChallengeGraph,
  updateConfig,
} from '@/features/challenges/flow/graph';
import { defaultConfigOf } from '@/features/challenges/flow/node-config';
import { openConfirmModal } from '@/ui/confirm-modal';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { lazyModule } from '@/ui/lazy-module';
import { useLazyChecks } from '@/ui/use-lazy-checks';
import { openValidationErrorModal } from '@/ui/validation-error-modal';
import { DetailsPanel } from './details-panel';
import { ObjectivesPanel } from './objectives-panel';

// The flow canvas (React Flow, d3, dagre: about 60 KB) arrives just after the page, behind a loader; a node's
// settings, the node picker and the checks (zod) when first asked for.
const ChallengeCanvas = lazyComponent(() => import('./challenge-canvas'), 'ChallengeCanvas');
/** The canvas's height (challenge-canvas.tsx): as tall as the window allows. */
const FLOW_HEIGHT = 'max(560px, calc(100dvh - 190px))';
const NodePanel = lazyComponent(() => import('./node-panel'), 'NodePanel');
const NodePickerModal = lazyComponent(() => import('./node-picker-modal'), 'NodePickerModal');
const challengeChecks = lazyModule(() => import('@/features/challenges/challenge-validation'));

/** Where the flow will be, the size and frame it will have: a loader, and the panels over it. */
const FlowPlaceholder = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box
    pos="relative"
    h={FLOW_HEIGHT}
    bd="1px solid var(--mantine-color-default-border)"
    style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
  >
    <Center h="100%" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" aria-hidden />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
    {children}
  </Box>
);

export type TChallengeSubmission = { details: TChallengeDetails; file: File | null; graph: TChallengeGraph };

type TChallengeFormProps = {
  initialDetails: TChallengeDetails;
  initialGraph: TChallengeGraph;
  /** A saved challenge asks before an objective tree goes (spec 2 §4); a new one does not. */
  saved: boolean;
  currencySymbol: string;
  readOnly: boolean;
  submitting: boolean;
  /** Beside Save: the heading and the Back button are the page's. */
  heading: ReactNode;
  onSubmit: (submission: TChallengeSubmission) => void;
};

type TPicker = { from: string | null } | null;

/**
 * The challenge editor (spec 2 §2-5): details on the left, the objective flow on the right with the Objectives
 * panel, the Nodes picker and the selected node's settings. Every change marks it edited, which enables Save; a
 * save with problems opens 'Validation Error' listing each and marks the nodes, and nothing is sent.
 */
export const ChallengeForm = (props: TChallengeFormProps) => {
  const { initialDetails, initialGraph, saved, currencySymbol, readOnly, submitting, heading, onSubmit } =
    props;
  const [details, setDetails] = useState(initialDetails);
  const [file, setFile] = useState<File | null>(null);
  const [graph, setGraph] = useState(initialGraph);
  const [edited, setEdited] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [picker, setPicker] = useState<TPicker>(null);
  const [checked, setChecked] = useState(false);

  const checks = useLazyChecks(challengeChecks, edited);
  const problems = useMemo(
    () => (checked && checks ? checks.validateChallenge(toChallengeBody(details, graph), graph) : null),
    [checked, checks, details, graph],
  );
  const changeGraph = useCallback((next: (current: TChallengeGraph) => TChallengeGraph) => {
    setGraph(next);
    setEdited(true);
  }, []);

  const remove = useCallback(
    (id: string) => {
      const node = nodeById(graph, id);
      if (!node) return;
      const apply = () => {
        changeGraph((current) => removeTree(current, id));
        setSelectedId((current) => (current && !nodeById(removeTree(graph, id), current) ? null : current));
      };
      // Only an objective of a saved challenge may have players working on it (spec 2 §4).
      if (node.type === 'objective' && saved)
        openConfirmModal({
          title: CHALLENGE_MESSAGES.deleteObjectiveTreesTitle,
          text: CHALLENGE_MESSAGES.deleteObjectiveTreesWarning,
          confirmLabel: BUTTON_LABELS.remove,
          onConfirm: apply,
        });
      else apply();
    },
    [graph, saved, changeGraph],
  );

  const pick = (kind: TFlowNodeKind) => {
    const node = createNode(kind);
    const from = picker?.from ?? null;
    changeGraph((current) => (from ? addNodeAfter(current, from, node) : addObjective(current, node)));
    setPicker(null);
    setSelectedId(node.id);
  };

  const selected = selectedId ? nodeById(graph, selectedId) : undefined;
  const objectiveOfSelected = selected ? pathTo(graph, selected.id)[0] : undefined;
  const eventType =
    objectiveOfSelected?.type === 'objective'
      ? (objectiveOfSelected.data.node_type as TObjectiveEventType)
      : null;

  const submit = async () => {
    const found = (await challengeChecks.get()).validateChallenge(toChallengeBody(details, graph), graph);
    setChecked(true);
    if (found.messages.length > 0) {
      openValidationErrorModal({ messages: found.messages });
      return;
    }
    onSubmit({ details, file, graph });
  };

  // The panels over the flow: shown at once, over the loader too, so that an objective can be added meanwhile.
  const overlay = (
    <>
      <ObjectivesPanel
        objectives={objectivesOf(graph)}
        selectedId={selectedId}
        readOnly={readOnly}
        onAdd={() => setPicker({ from: null })}
        onSelect={setSelectedId}
      />
      {selected && (
        <Suspense
          fallback={
            <Paper withBorder shadow="md" radius="md" pos="absolute" top={12} right={12} w={340} p="md">
              <Loader size="sm" aria-label={CHALLENGE_TEXTS.loadingNode} />
            </Paper>
          }
        >
          <NodePanel
            key={selected.id}
            node={selected}
            eventType={eventType}
            problems={problems?.byNode[selected.id] ?? []}
            currencySymbol={currencySymbol}
            readOnly={readOnly}
            onChange={(config) => changeGraph((current) => updateConfig(current, selected.id, config))}
            onReset={() =>
              changeGraph((current) =>
                updateConfig(current, selected.id, defaultConfigOf(selected.data.node_type)),
              )
            }
            onRemove={() => remove(selected.id)}
            onClose={() => setSelectedId(null)}
          />
        </Suspense>
      )}
    </>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        {heading}
        <Group gap="sm">
          {edited && (
            <Badge variant="light" color="orange" radius="sm" tt="none">
              {CHALLENGE_TEXTS.unsavedChanges}
            </Badge>
          )}
          {!readOnly && (
            <Button
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              disabled={!edited}
              loading={submitting}
              onClick={() => void submit()}
            >
              {BUTTON_LABELS.save}
            </Button>
          )}
        </Group>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <DetailsPanel
            values={details}
            file={file}
            errors={problems?.byField ?? {}}
            readOnly={readOnly}
            onChange={(next) => {
              setDetails(next);
              setEdited(true);
            }}
            onFile={(next) => {
              setFile(next);
              setEdited(true);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Suspense
            fallback={<FlowPlaceholder label={CHALLENGE_TEXTS.loadingFlow}>{overlay}</FlowPlaceholder>}
          >
            <ChallengeCanvas
              graph={graph}
              selectedId={selectedId}
              problems={problems?.byNode ?? {}}
              currencySymbol={currencySymbol}
              readOnly={readOnly}
              onSelect={setSelectedId}
              onAddNext={(from) => setPicker({ from })}
              onRemove={remove}
            >
              {overlay}
            </ChallengeCanvas>
          </Suspense>
        </Grid.Col>
      </Grid>
      <MountWhen when={picker !== null}>
        <NodePickerModal
          opened={picker !== null}
          kinds={picker?.from ? nextKindsAfter(graph, picker.from) : nextNodeKinds([])}
          onPick={pick}
          onClose={() => setPicker(null)}
        />
      </MountWhen>
    </Stack>
  );
};
