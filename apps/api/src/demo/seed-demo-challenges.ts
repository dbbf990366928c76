import {
  makeNodeId,
  OBJECTIVE_EVENT_TYPE_LABELS,
  REWARD_TYPE_LABELS,
  type TChallengeObjectiveInput,
  type TFlowGraph,
  type TFlowNode,
  type TFlowNodeConfig,
  ZSaveChallengeRequest,
} from '@laurel/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { currencies, segments } from '../db/schema';
import type { Actor } from '../modules/audit/audit';
import { createBadgesService } from '../modules/badges/badges.service';
import { createChallengesService } from '../modules/challenges/challenges.service';

const DAY_MS = 86_400_000;
const dayOffset = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** The editor's graph for objectives: each objective, then its conditions and rewards in a chain below it. */
const flowOf = (objectives: (TChallengeObjectiveInput & { _id: string })[]): TFlowGraph => {
  const nodes: TFlowNode[] = [];
  const edges: TFlowGraph['edges'] = [];
  objectives.forEach((objective, column) => {
    const chain: TFlowNode[] = [
      {
        id: objective._id,
        type: 'objective',
        position: { x: column * 320, y: 0 },
        data: {
          node_type: objective.event_type,
          name: OBJECTIVE_EVENT_TYPE_LABELS[objective.event_type],
          config: {
            title: objective.title,
            trigger: { trigger_quantity: Number(objective.trigger.trigger_quantity) },
          },
        },
      },
      ...(objective.conditions ?? []).map(
        (condition): TFlowNode => ({
          id: makeNodeId('condition'),
          type: 'condition',
          position: { x: 0, y: 0 },
          data: {
            node_type: condition.type,
            name: condition.type,
            config:
              condition.type === 'payment_method'
                ? { scopes: condition.values.map((value) => ({ type: 'payment_method', value })) }
                : ({ ...condition } as TFlowNodeConfig),
          },
        }),
      ),
      ...(objective.rewards ?? []).map(
        (reward): TFlowNode => ({
          id: makeNodeId('reward'),
          type: 'reward',
          position: { x: 0, y: 0 },
          data: {
            node_type: reward.type,
            name: REWARD_TYPE_LABELS[reward.type],
            config: {
              value: reward.value ?? null,
              currency_type: reward.currency_type,
              currency: reward.currency,
            },
          },
        }),
      ),
    ];
    chain.forEach((node, row) => {
      nodes.push({ ...node, position: { x: column * 320, y: row * 140 } });
      const next = chain[row + 1];
      if (next) edges.push({ id: `${node.id}-${next.id}`, source: node.id, target: next.id });
    });
  });
  return { nodes, edges };
};

/**
 * Two released challenges on the demo business, granted to AllPlayers, made through the challenges service
 * before the activity so the demo's orders move them (some customers complete them, others are part-way):
 * five orders for a badge and 25 XP, and an order of R150 or more paid by card for 10% Bean Bucks cashback and
 * 50 XP.
 */
export const seedDemoChallenges = async (ctx: AppContext, actor: Actor) => {
  const { db } = ctx.database;
  const [allPlayers] = await db
    .select({ id: segments.id })
    .from(segments)
    .where(and(eq(segments.clientId, actor.clientId), eq(segments.name, 'AllPlayers')));
  if (!allPlayers) throw new Error('the demo business has no AllPlayers segment');
  const [beanBucks] = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(and(eq(currencies.clientId, actor.clientId), eq(currencies.code, 'BNB')));
  const champion = await createBadgesService(db).create(actor, {
    name: 'Challenge Champion',
    description: 'Finished the Five Coffee Visits challenge',
    sub_copy: 'Five visits, one champion',
    quantity_limited: false,
    quantity: 0,
    dates_enabled: false,
    icon: { name: 'trophy', prefix: 'fas' },
    theme: {
      primary: '#d2a023',
      name: '#d2a023',
      sub_copy: '#000000',
      background: '#FFFFFF',
      icon: '#FFFFFF',
    },
    category: 'Event-based',
    level: 2,
  });
  const service = createChallengesService(db);
  const definitions = [
    {
      title: 'Five Coffee Visits',
      description: 'Place five orders to earn the Challenge Champion badge and 25 XP.',
      objectives: [
        {
          _id: makeNodeId('objective'),
          title: 'Five orders',
          event_type: 'orderVolume' as const,
          trigger: { trigger_quantity: 5 },
          rewards: [
            { type: 'badges' as const, value: champion._id },
            { type: 'xp' as const, value: 25 },
          ],
        },
      ],
    },
    {
      title: 'Big Card Spender',
      description: 'Spend R150 or more in one order paid by card for 10% back in Bean Bucks and 50 XP.',
      objectives: [
        {
          _id: makeNodeId('objective'),
          title: 'One order of R150 by card',
          event_type: 'orderValue' as const,
          trigger: { trigger_quantity: 150 },
          // A payment method may not follow an objective directly (spec 2 §4): the value node comes first.
          conditions: [
            { type: 'value' as const, value: 150 },
            { type: 'payment_method' as const, values: ['CARD' as const] },
          ],
          rewards: [
            ...(beanBucks
              ? [
                  {
                    type: 'cashback' as const,
                    value: 10,
                    currency_type: 'percentage' as const,
                    currency: beanBucks.id,
                  },
                ]
              : []),
            { type: 'xp' as const, value: 50 },
          ],
        },
      ],
    },
  ];
  for (const definition of definitions) {
    const challenge = await service.create(
      actor,
      ZSaveChallengeRequest.parse({
        ...definition,
        image: null,
        schedule: { start_date: dayOffset(-100), end_date: dayOffset(60) },
        status: 'released',
        visible: true,
        flow: flowOf(definition.objectives),
      }),
    );
    await service.link(actor, challenge._id, allPlayers.id);
  }
  ctx.log.info({ challenges: definitions.length }, 'demo challenges created');
};
