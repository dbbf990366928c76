import { describe, expect, it } from 'vitest';
import { FEATURE_AREAS } from '../http/permissions';
import {
  FEATURE_AREA_PLAN_FEATURE,
  minimumPlanFor,
  PLAN_FEATURE_TABLE,
  PLAN_FEATURES,
  PLANS,
  planAllowsArea,
  planIncludes,
} from './plans';

describe('plan feature table (DESIGN §9)', () => {
  it('orders plans from cheapest to richest', () => {
    expect(PLANS).toEqual(['FREEMIUM', 'STARTER', 'GROWTH', 'BUSINESS']);
  });

  it('gives FREEMIUM the dashboard, customers, users and settings only', () => {
    expect(PLAN_FEATURE_TABLE.FREEMIUM).toEqual(['DASHBOARD', 'CUSTOMERS', 'COMMERCE', 'USERS', 'SETTINGS']);
    expect(planIncludes('FREEMIUM', 'CHALLENGES')).toBe(false);
    expect(planIncludes('FREEMIUM', 'STATISTICS')).toBe(false);
  });

  it('adds statistics, segments and badges in STARTER', () => {
    expect(planIncludes('STARTER', 'BADGES')).toBe(true);
    expect(planIncludes('STARTER', 'SEGMENTS')).toBe(true);
    expect(planIncludes('STARTER', 'CHALLENGES')).toBe(false);
    expect(planIncludes('STARTER', 'CUSTOMERS')).toBe(true);
  });

  it('adds challenges, reward tracks and economy in GROWTH', () => {
    expect(planIncludes('GROWTH', 'CHALLENGES')).toBe(true);
    expect(planIncludes('GROWTH', 'ECONOMY')).toBe(true);
    expect(planIncludes('GROWTH', 'TRANSACTIONS')).toBe(false);
  });

  it('gives BUSINESS everything, transactions and integrations included', () => {
    expect(planIncludes('BUSINESS', 'TRANSACTIONS')).toBe(true);
    expect(planIncludes('BUSINESS', 'INTEGRATIONS')).toBe(true);
    expect([...PLAN_FEATURE_TABLE.BUSINESS].sort()).toEqual([...PLAN_FEATURES].sort());
  });

  it('names the cheapest plan of a feature', () => {
    expect(minimumPlanFor('DASHBOARD')).toBe('FREEMIUM');
    expect(minimumPlanFor('SEGMENTS')).toBe('STARTER');
    expect(minimumPlanFor('REWARD_TRACKS')).toBe('GROWTH');
    expect(minimumPlanFor('EXPORTS')).toBe('BUSINESS');
  });

  it('gates every permission area by a plan feature', () => {
    for (const area of FEATURE_AREAS) expect(PLAN_FEATURES).toContain(FEATURE_AREA_PLAN_FEATURE[area]);
    expect(planAllowsArea('FREEMIUM', 'CUSTOMERS')).toBe(true);
    expect(planAllowsArea('FREEMIUM', 'ORDERS')).toBe(true);
    expect(planAllowsArea('STARTER', 'WALLET')).toBe(false);
    expect(planAllowsArea('GROWTH', 'CASHBACK')).toBe(true);
    expect(planAllowsArea('GROWTH', 'TRANSACTIONS')).toBe(false);
  });
});
