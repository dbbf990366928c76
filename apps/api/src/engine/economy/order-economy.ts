import type { TOrderCreatedData } from '@laurel/contract';
import type { StepBatch } from '../core/types';
import { type OrderMove, orderMovesOf } from '../orders/order-moves';
import { writeStatistics } from '../statistics/write-statistics';
import { earnedCents } from './amounts';
import {
  type EarnRule,
  loadCatalogueProducts,
  loadEarnRules,
  loadMemberships,
  qualifyingCents,
} from './earn-rules';
import { loadOrderEarnings, loadXpBalances, type OrderEarning, orderEarningKey } from './order-earnings';
import { applyWalletEffects, type WalletEffect } from './wallet-effects';
import { applyXpEffects, type XpEffect } from './xp';

const unique = <T>(values: readonly T[]) => [...new Set(values)];

/**
 * DESIGN §5 step 2 for a batch: every order that started counting earns, under each earn config whose segment
 * the customer is in, cashback into the config's currency and XP into `xp`; every order that stopped counting
 * (refunded, cancelled) claws back what it earned, never below zero, the shortfall on the row; a recovered order
 * earns again what it first earned. A handful of statements for the whole batch, whatever its size.
 */
export const applyOrderEconomy = async (batch: StepBatch) => {
  const moves = orderMovesOf(batch);
  if (moves.length === 0) return;
  const clientIds = unique(moves.map((m) => m.event.clientId));
  const rules = await batch.definitions('earn rules', clientIds, () => loadEarnRules(batch.tx, clientIds));
  const rulesByClient = new Map<string, EarnRule[]>();
  for (const rule of rules)
    rulesByClient.set(rule.clientId, [...(rulesByClient.get(rule.clientId) ?? []), rule]);
  // Reversals claw back even when the config is gone since; only earning needs a live config.
  const purchases = moves.filter((m) => m.purchase && rulesByClient.has(m.event.clientId));
  const others = moves.filter((m) => !m.purchase);
  if (purchases.length === 0 && others.length === 0) return;

  const targeted = rules.filter((rule) => !rule.everyone);
  const members = await loadMemberships(
    batch.tx,
    unique(targeted.map((rule) => rule.segmentId)),
    targeted.length > 0 ? unique(purchases.map((m) => m.event.customerId)) : [],
  );
  const excluding = rules.some((rule) => rule.excludedProducts.size + rule.excludedCategories.size > 0);
  const lineRefs = excluding
    ? purchases.flatMap((m) =>
        ((m.event.data as TOrderCreatedData).items ?? []).flatMap((item) =>
          [item.product_id, item.sku].filter((ref): ref is string => Boolean(ref)),
        ),
      )
    : [];
  const catalogue = await loadCatalogueProducts(batch.tx, clientIds, unique(lineRefs));
  const earnings = await loadOrderEarnings(
    batch.tx,
    others.map((m) => ({ clientId: m.event.clientId, orderRef: m.orderRef })),
  );
  const xpClawbacks = others.some((m) => m.sign < 0);
  const xpHeld = xpClawbacks
    ? await loadXpBalances(batch.tx, clientIds, unique(others.map((m) => m.event.customerId)))
    : new Map<string, number>();

  // An order's earnings, reversals and re-earnings are booked at the order's branch, whichever event moves it (a
  // status change names no branch; the customer's home branch, which the ledger falls back to, may be another).
  const branchOf = (move: OrderMove) => move.branchId ?? move.event.branchId;
  const walletEffects: WalletEffect[] = [];
  const xpEffects: XpEffect[] = [];
  const pay = (move: OrderMove, earning: OrderEarning, cents: number, kind: 'earn_config' | 'clawback') => {
    const { event } = move;
    const cause = { kind, id: earning.ruleId };
    if (earning.currencyId === '') {
      let amount = cents;
      let shortfall = 0;
      if (amount < 0) {
        // XP never goes below zero either: what the customer no longer holds is written off on the row.
        const held = Math.max(0, xpHeld.get(event.customerId) ?? 0);
        shortfall = Math.max(0, -amount - held);
        amount = -Math.min(-amount, held);
      }
      xpHeld.set(event.customerId, (xpHeld.get(event.customerId) ?? 0) + amount);
      xpEffects.push({
        event,
        branchId: branchOf(move),
        cents: amount,
        cause,
        orderRef: move.orderRef,
        reference: move.orderRef,
        shortfallCents: shortfall,
      });
      return;
    }
    walletEffects.push({
      clientId: event.clientId,
      customerId: event.customerId,
      branchId: branchOf(move),
      currencyId: earning.currencyId,
      cents,
      transactionType: 'Cashback',
      cause,
      eventId: event.externalId,
      occurredAt: event.occurredAt,
      mode: kind === 'clawback' ? 'clamp' : 'strict',
      orderRef: move.orderRef,
      reference: move.orderRef,
    });
  };

  for (const move of moves) {
    const { event } = move;
    const key = orderEarningKey(event.clientId, move.orderRef);
    const paid = earnings.get(key) ?? [];
    earnings.set(key, paid);
    if (move.purchase) {
      for (const rule of rulesByClient.get(event.clientId) ?? []) {
        if (!rule.everyone && !members.has(`${rule.segmentId}\u0000${event.customerId}`)) continue;
        const spend = qualifyingCents(rule, event.data as TOrderCreatedData, move.totalMinor, catalogue);
        const cents = earnedCents(spend, rule.triggerValue, rule.earnAmount);
        if (cents <= 0) continue;
        const earning: OrderEarning = {
          clientId: event.clientId,
          orderRef: move.orderRef,
          customerId: event.customerId,
          ruleId: rule.id,
          currencyId: rule.currencyId ?? '',
          netCents: cents,
          firstCents: cents,
        };
        paid.push(earning);
        pay(move, earning, cents, 'earn_config');
      }
    } else if (move.sign < 0) {
      for (const earning of paid) {
        if (earning.netCents <= 0) continue;
        pay(move, earning, -earning.netCents, 'clawback');
        earning.netCents = 0;
      }
    } else {
      const live = new Set((rulesByClient.get(event.clientId) ?? []).map((rule) => rule.id));
      for (const earning of paid) {
        if (earning.netCents > 0 || earning.firstCents <= 0 || !live.has(earning.ruleId)) continue;
        pay(move, earning, earning.firstCents, 'earn_config');
        earning.netCents = earning.firstCents;
      }
    }
  }

  await applyWalletEffects(batch.tx, walletEffects);
  if ((await applyXpEffects(batch, xpEffects)) > 0) await writeStatistics(batch);
};
