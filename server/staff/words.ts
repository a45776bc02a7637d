/** What the staff's pages say of a lead's fields and stages, in the field table's own words. */
import { formLabel } from '../../src/estimate/contract/fieldTable';
import { japaneseDateTime } from '../../src/lib/serverFormats';
import { yen } from '../../src/lib/peopleFormats';
import type { DeliveryState } from '../leads/store';
import { columnHeader } from '../leads/values';
import { stageLabels, type CurrentStage } from './stages';

export const fieldWords = {
  name: columnHeader('name'),
  kana: columnHeader('kana'),
  phone: columnHeader('phone'),
  email: columnHeader('email'),
  maker: columnHeader('maker'),
  model: columnHeader('model'),
  expiry: columnHeader('expiry'),
  lastName: formLabel('customer.lastName'),
  firstName: formLabel('customer.firstName'),
};

type StageFacts = Pick<CurrentStage, 'stage' | 'bookedFor' | 'shop' | 'amount'> & {
  reason?: string;
};

/** 2026年12月19日（土）10:00・渋谷店, 54,321円（税込）, the reason: what a stage was recorded with. */
export function stageDetails(stage: Omit<StageFacts, 'stage'>): string {
  return [
    stage.bookedFor ? japaneseDateTime(stage.bookedFor) : '',
    stage.shop ?? '',
    stage.amount !== undefined ? `${yen(stage.amount)}（税込）` : '',
    stage.reason ?? '',
  ]
    .filter(Boolean)
    .join('・');
}

export function stageWords(stage: StageFacts): string {
  const details = stageDetails(stage);
  return details ? `${stageLabels[stage.stage]}（${details}）` : stageLabels[stage.stage];
}

export const deliveryStates: Record<DeliveryState, string> = {
  pending: '送信待ち',
  sent: '送信済み',
  dead: '失敗（再送が必要）',
  skipped: '送らない',
  off: '設定なし',
};

export const acceptedNote =
  '取込済は、媒体がデータを受け取り処理したという報告で、広告の成果に数えられたかどうかは分かりません。';
