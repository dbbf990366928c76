import {
  CHALLENGE_DEFAULTS,
  isFlowNodeKind,
  type TChallenge,
  type TChallengeStatus,
  type TSaveChallengeRequest,
} from '@laurel/contract';
import dayjs from 'dayjs';
import { EMPTY_GRAPH, type TChallengeGraph, type TChallengeNode } from '@/features/challenges/flow/graph';
import type { TNodeConfig } from '@/features/challenges/flow/node-config';
import { dayInZone } from '@/ui/display-date';

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

/**
 * A saved challenge's details; its days as the business's `timeZone` reads them, as the server reads the days it is
 * sent (read in this browser's zone, a save from a browser ahead of the business moved the end a day on).
 */
export const detailsOf = (challenge: TChallenge, timeZone?: string): TChallengeDetails => ({
  title: challenge.title,
  description: challenge.description,
  image: challenge.image.url ? challenge.image : null,
  start_date: dayInZone(challenge.schedule.start_date, timeZone),
  end_date: dayInZone(challenge.schedule.end_date, timeZone),
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

export type TChallengeProblems = {
  /** Every message once, in the order the checks found them (the Validation Error dialog lists them). */
  messages: string[];
  /** Messages per node id, to mark the nodes on the canvas. */
  byNode: Record<string, string[]>;
  /** Messages per details field. */
  byField: Partial<Record<'title' | 'description' | 'image' | 'start_date' | 'end_date' | 'status', string>>;
};
