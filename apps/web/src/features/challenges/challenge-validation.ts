import {
  CHALLENGE_MESSAGES,
  EVALUATED_CONDITION_KINDS,
  type TSaveChallengeRequest,
  ZSaveChallengeRequest,
} from '@laurel/contract';
import type { TChallengeProblems } from '@/features/challenges/challenge-form-values';
import {
  objectivesOf,
  type TChallengeGraph,
  type TChallengeNode,
  treeOf,
} from '@/features/challenges/flow/graph';
import '@/ui/plain-form-messages';

// The challenge's checks, apart from its values: they take zod, which the editor loads once edited.

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
