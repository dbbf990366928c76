import {
  CHALLENGE_DEFAULTS,
  CHALLENGE_MESSAGES,
  EVALUATED_CONDITION_KINDS,
  isFlowNodeKind,
  type TChallenge,
  type TChallengeStatus,
  type TSaveChallengeRequest,
  ZSaveChallengeRequest,
} from '@laurel/contract';
import dayjs from 'dayjs';
import { dayOf } from '@/features/challenges/challenge-format';
import {
  EMPTY_GRAPH,
  objectivesOf,
  type TChallengeGraph,
  type TChallengeNode,
  treeOf,
} from '@/features/challenges/flow/graph';
import type { TNodeConfig } from '@/features/challenges/flow/node-config';

export type TChallengeImage = { url: string | null; etag: string | null; file_name: string | null };

/** The details panel (spec 2 §2): days are 'YYYY-MM-DD'; the server keeps the start and end of those days. */
export type TChallengeDetails = {
  title: string;
  description: string;
  image: TChallengeImage | null;
  start_date: string | null;
  end_date: string | null;
  status: TChallengeStatus;
  visible: boolean;
};

/** A new challenge: a draft, hidden, starting today (spec 2 §3 defaults), no end day yet. */
export const newDetails = (today = dayjs().format('YYYY-MM-DD')): TChallengeDetails => ({
  title: '',
  description: '',
  image: null,
  start_date: today,
  end_date: CHALLENGE_DEFAULTS.end_date,
  status: CHALLENGE_DEFAULTS.status,
  visible: CHALLENGE_DEFAULTS.visible,
});

export const detailsOf = (challenge: TChallenge): TChallengeDetails => ({
  title: challenge.title,
  description: challenge.description,
  image: challenge.image.url ? challenge.image : null,
  start_date: dayOf(challenge.schedule.start_date),
  end_date: dayOf(challenge.schedule.end_date),
  status: challenge.status,
  visible: challenge.visible,
});

/** The saved flow as the editor's graph; a node of a kind this console does not know is left out with its edges. */
export const graphOf = (challenge: TChallenge): TChallengeGraph => {
  const nodes: TChallengeNode[] = [];
  for (const node of challenge.flow.nodes) {
    const kind = node.data.node_type;
    if (!isFlowNodeKind(kind)) continue;
    nodes.push({
      id: node.id,
      type: node.type,
      position: node.position,
      data: { node_type: kind, name: node.data.name, config: node.data.config as TNodeConfig },
    });
  }
  const ids = new Set(nodes.map((node) => node.id));
  const edges = challenge.flow.edges
    .filter((edge) => ids.has(edge.source) && ids.has(edge.target))
    .map(({ id, source, target }) => ({ id, source, target }));
  return nodes.length === 0 ? EMPTY_GRAPH : { nodes, edges };
};

/**
 * The save body: the flow as drawn (the server collects each objective's conditions and rewards from it, spec 2
 * §4) and the details. `image` is the stored image, or the one just uploaded.
 */
export const toChallengeBody = (
  details: TChallengeDetails,
  graph: TChallengeGraph,
): TSaveChallengeRequest => ({
  title: details.title.trim(),
  description: details.description.trim(),
  image: details.image,
  schedule: { start_date: details.start_date ?? '', end_date: details.end_date ?? '' },
  status: details.status,
  visible: details.visible,
  flow: {
    nodes: graph.nodes.map((node) => ({ ...node, data: { ...node.data, config: { ...node.data.config } } })),
    edges: graph.edges,
  },
});

const EVALUATED = new Set<string>(EVALUATED_CONDITION_KINDS);
const SETS_TRIGGER = new Set<string>(['trigger_quantity', 'product_category']);

/** The node a message about `objectives[index].<path>` belongs to, as the server collects them. */
const nodeOfObjectivePath = (
  graph: TChallengeGraph,
  objective: TChallengeNode,
  path: readonly PropertyKey[],
) => {
  const tree = treeOf(graph, objective.id)
    .slice(1)
    .map((id) => graph.nodes.find((node) => node.id === id))
    .filter((node): node is TChallengeNode => node !== undefined);
  const [field, position] = path;
  if (field === 'rewards')
    return tree.filter((node) => node.type === 'reward')[Number(position)] ?? objective;
  if (field === 'conditions')
    return tree.filter((node) => EVALUATED.has(node.data.node_type))[Number(position)] ?? objective;
  if (field === 'scope') return tree.find((node) => node.data.node_type === 'product_category') ?? objective;
  if (field === 'trigger') return tree.findLast((node) => SETS_TRIGGER.has(node.data.node_type)) ?? objective;
  return objective;
};

export type TChallengeProblems = {
  /** Every message once, in the order the checks found them (the Validation Error dialog lists them). */
  messages: string[];
  /** Messages per node id, to mark the nodes on the canvas. */
  byNode: Record<string, string[]>;
  /** Messages per details field. */
  byField: Partial<Record<'title' | 'description' | 'image' | 'start_date' | 'end_date' | 'status', string>>;
};

/** Checks a body as the server will (spec 2 §5, the contract's schema), and says where each problem lies. */
export const validateChallenge = (
  body: TSaveChallengeRequest,
  graph: TChallengeGraph,
): TChallengeProblems => {
  const problems: TChallengeProblems = { messages: [], byNode: {}, byField: {} };
  const parsed = ZSaveChallengeRequest.safeParse(body);
  if (parsed.success) return problems;
  const objectives = objectivesOf(graph);
  // A missing day is not also 'earlier' than the other (the schema's day comparison runs on empty strings too).
  const missingDay = parsed.error.issues.some(
    (issue) =>
      issue.message === CHALLENGE_MESSAGES.startDateRequired ||
      issue.message === CHALLENGE_MESSAGES.endDateRequired,
  );
  for (const issue of parsed.error.issues) {
    if (missingDay && issue.message === CHALLENGE_MESSAGES.endDateBeforeStart) continue;
    const { message, path } = issue;
    if (!problems.messages.includes(message)) problems.messages.push(message);
    const [head, second, ...rest] = path;
    let node: TChallengeNode | undefined;
    if (head === 'objectives') {
      const objective = objectives[Number(second)];
      if (objective) node = nodeOfObjectivePath(graph, objective, rest);
    } else if (head === 'flow' && second === 'nodes') {
      node = graph.nodes[Number(rest[0])];
    } else if (head === 'schedule') {
      const field = second === 'end_date' ? 'end_date' : 'start_date';
      problems.byField[field] ??= message;
    } else if (head === 'title' || head === 'description' || head === 'image' || head === 'status') {
      problems.byField[head] ??= message;
    }
    if (node) {
      const list = problems.byNode[node.id] ?? [];
      if (!list.includes(message)) list.push(message);
      problems.byNode[node.id] = list;
    }
  }
  return problems;
};
