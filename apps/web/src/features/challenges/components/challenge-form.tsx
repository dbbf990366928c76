import {
  BUTTON_LABELS,
  CHALLENGE_MESSAGES,
  nextNodeKinds,
  type TFlowNodeKind,
  type TObjectiveEventType,
} from '@laurel/contract';
import { Badge, Button, Grid, Group, Stack } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import {
  type TChallengeDetails,
  toChallengeBody,
  validateChallenge,
} from '@/features/challenges/challenge-form-values';
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
import { openValidationErrorModal } from '@/ui/validation-error-modal';
import { ChallengeCanvas } from './challenge-canvas';
import { DetailsPanel } from './details-panel';
import { NodePanel } from './node-panel';
import { NodePickerModal } from './node-picker-modal';
import { ObjectivesPanel } from './objectives-panel';

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

  const problems = useMemo(
    () => (checked ? validateChallenge(toChallengeBody(details, graph), graph) : null),
    [checked, details, graph],
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

  const submit = () => {
    const found = validateChallenge(toChallengeBody(details, graph), graph);
    setChecked(true);
    if (found.messages.length > 0) {
      openValidationErrorModal({ messages: found.messages });
      return;
    }
    onSubmit({ details, file, graph });
  };

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
              onClick={submit}
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
            <ObjectivesPanel
              objectives={objectivesOf(graph)}
              selectedId={selectedId}
              readOnly={readOnly}
              onAdd={() => setPicker({ from: null })}
              onSelect={setSelectedId}
            />
            {selected && (
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
            )}
          </ChallengeCanvas>
        </Grid.Col>
      </Grid>
      <NodePickerModal
        opened={picker !== null}
        kinds={picker?.from ? nextKindsAfter(graph, picker.from) : nextNodeKinds([])}
        onPick={pick}
        onClose={() => setPicker(null)}
      />
    </Stack>
  );
};
