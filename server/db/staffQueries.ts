/** The staff's queries, each through an index of migration 0006 (queryPlans.d1.test.ts). */
import { clickPlatforms } from '../platforms/clicks';
import { doneStep, endedStages, funnelSteps, uncountedStages } from '../staff/stages';
import type { LeadQuery } from '../staff/store';
import { stageColumnNames } from './stageColumns';

export function listStatement(query: LeadQuery): { sql: string; binds: (string | number)[] } {
  const where: string[] = ['brand = ?'];
  const binds: (string | number)[] = [];
  const add = (clause: string, ...values: string[]) => {
    where.push(clause);
    binds.push(...values);
  };
  if (query.id) add('id = ?', query.id);
  if (query.phone) add('phone = ?', query.phone);
  if (query.kana) add('kana >= ? AND kana < ?', query.kana, `${query.kana}\uffff`);
  if (query.stage) add('stage = ?', query.stage);
  if (query.from) add('received_at >= ?', query.from);
  if (query.to) add('received_at < ?', query.to);
  return {
    sql:
      'SELECT id, received_at, last_name, first_name, kana, phone, model, suspected_spam, erased_at, ' +
      `${stageColumnNames} FROM leads ` +
      `WHERE ${where.join(' AND ')} ORDER BY received_at DESC, id DESC LIMIT ?`,
    binds: [...binds, query.limit],
  };
}

const platformCase = `CASE ${clickPlatforms
  .map(
    ([name, keys]) => `WHEN ${keys.map((key) => `${key} IS NOT NULL`).join(' OR ')} THEN '${name}'`,
  )
  .join(' ')} ELSE '' END`;

/** Each step's count (stages.ts): reached it, or for the last one, standing there now. */
const stepCounts = funnelSteps
  .map((step) =>
    step.name === doneStep
      ? `SUM(stage = '${step.name}') AS ${step.name}`
      : `SUM(progress >= ${step.step}) AS ${step.name}`,
  )
  .join(', ');

/** The leads standing at each end without a sale (失注, 来店なし). */
const endedCounts = endedStages
  .map((stage) => `SUM(stage = '${stage.name}') AS ${stage.name}`)
  .join(', ');

/** The stages the funnel leaves out, as an SQL list. */
const uncountedList = uncountedStages.map((stage) => `'${stage}'`).join(', ');

/** Its brand, from, to. */
export const funnelStatement =
  "SELECT COALESCE(source, '') AS source, COALESCE(inquiry_medium, '') AS medium, " +
  `COALESCE(campaign, '') AS campaign, ${platformCase} AS platform, COUNT(*) AS leads, ` +
  `${stepCounts}, ${endedCounts}, COALESCE(SUM(CASE WHEN stage = '${doneStep}' THEN amount END), 0) AS amount ` +
  'FROM leads WHERE brand = ? AND received_at >= ? AND received_at < ? ' +
  `AND stage NOT IN (${uncountedList}) GROUP BY 1, 2, 3, 4 ORDER BY leads DESC`;

/** Its brand, from, to, then the channels. */
export function channelCountStatement(channels: number): string {
  return (
    "SELECT d.channel AS channel, SUM(d.state = 'sent') AS sent, " +
    "SUM(d.state = 'sent' AND d.report = 'accepted') AS accepted, SUM(d.state = 'dead') AS failed " +
    'FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id ' +
    'WHERE l.brand = ? AND l.received_at >= ? AND l.received_at < ? ' +
    `AND l.stage NOT IN (${uncountedList}) ` +
    `AND d.channel IN (${Array.from({ length: channels }, () => '?').join(', ')}) ` +
    'GROUP BY d.channel'
  );
}

/** The 新規 alert's leads (jobs/newLeadAlert.ts), the oldest 50 a run. Its brand and cutoff. */
export const staleLeadsStatement =
  "SELECT id, received_at AS receivedAt FROM leads WHERE brand = ? AND stage = 'new' " +
  'AND received_at < ? AND suspected_spam = 0 AND stale_alerted_at IS NULL ' +
  'ORDER BY received_at LIMIT 50';
