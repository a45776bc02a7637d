/**
 * The page of a request the HTTP parser refuses: nginx embeds it (deploy/nginx/config.ts), so it
 * is one line of plain HTML: no script, no style, nothing a CSP has to allow, no quote nginx could
 * not keep.
 */
import { escapeHtml } from '../../src/lib/escapeHtml';
import { brands, telHref, type BrandId } from '../../src/brand/brands';

type ClientErrorStatus = 400 | 431;

const explanations: Record<ClientErrorStatus, string> = {
  400: 'お使いのブラウザから届いたリクエストの形式が正しくないため、ページを表示できませんでした。',
  431: 'ブラウザから送られたCookieなどの情報が大きすぎるため、ページを表示できませんでした。ブラウザの設定からこのサイトのCookieを削除して、もう一度お試しください。',
};

export function clientErrorPage(status: ClientErrorStatus, brandId: BrandId): string {
  const brand = brands[brandId];
  const name = escapeHtml(brand.name);
  return [
    '<!doctype html>',
    '<html lang="ja">',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>ページを表示できませんでした | ${name}</title>`,
    `<h1>ページを表示できませんでした（${status}）</h1>`,
    `<p>${escapeHtml(explanations[status])}</p>`,
    `<p>お急ぎの方は、お電話でもお見積もりを承ります：<a href="${escapeHtml(telHref(brand.phone))}">${escapeHtml(brand.phone)}</a></p>`,
    `<p><a href="/">${name}のトップページへ戻る</a></p>`,
  ].join('');
}
