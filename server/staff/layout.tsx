/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// The staff's pages: one frame (noindex, no-store, a strict CSP), the menu once signed in.
import type { Child } from 'hono/jsx';
import { brands } from '../../src/brand/brands';
import { page } from '../http/answers';
import type { AppContext } from '../http/context';
import { Document } from '../views/Document';

const staffStyle = [
  'body{font-family:system-ui,sans-serif;line-height:1.6;margin:0 auto;padding:0 1rem 2rem;max-width:72rem;color:#1a1a1a;background:#fff}',
  'header{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;border-bottom:1px solid #ccc;padding:.5rem 0;margin-bottom:1rem}',
  'header strong{font-size:1.1rem}nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem}',
  'h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem}a{color:#0645ad}',
  'table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border-bottom:1px solid #ddd;padding:.4rem .5rem;text-align:left;vertical-align:top}',
  'th{background:#f3f3f3}td.n,th.n{text-align:right;white-space:nowrap}',
  '.scroll{overflow-x:auto}.scroll table{min-width:36rem}.scroll th[scope=row]{position:sticky;left:0;background:#f3f3f3}',
  'form.filters{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end}',
  'label{display:block;font-weight:bold}input,select,button{font:inherit;padding:.4rem;border:1px solid #555;box-sizing:border-box;max-width:100%}',
  'button{padding:.5rem 1.25rem;background:#0645ad;color:#fff;border:0;cursor:pointer}button.link{background:none;color:#0645ad;padding:0;text-decoration:underline}',
  'fieldset{border:1px solid #ccc;margin:1rem 0;padding:.5rem 1rem}.field{margin:.75rem 0}',
  '.errors{border:2px solid #b00020;padding:.5rem 1rem}.error{color:#b00020;margin:.25rem 0 0}',
  '.stage{display:inline-block;padding:0 .5rem;border:1px solid #555;border-radius:.25rem;white-space:nowrap}',
  '.warn{color:#b00020;font-weight:bold}.note{color:#555}.notice{border-left:4px solid #0645ad;padding:.25rem .75rem}',
  'dl{display:grid;grid-template-columns:minmax(8rem,14rem) 1fr;gap:.25rem 1rem}dt{font-weight:bold}dd{margin:0;overflow-wrap:anywhere}',
  '.nowrap{white-space:nowrap}',
  // The calendar scrolls sideways on a phone; its close and reopen buttons stay one line.
  'table.calendar{min-width:52rem}table.calendar td,table.calendar th{min-width:7rem}',
  'button.quiet{background:#fff;color:#0645ad;border:1px solid #0645ad;padding:.25rem .6rem;font-size:.9rem;white-space:nowrap;margin-top:.25rem}',
  '@media (max-width:40rem){dl{grid-template-columns:1fr}dd{margin-bottom:.5rem}',
  // On a phone a table of few columns wraps its cells; a wide one (the funnel's) scrolls.
  '.scroll table:not(.wide){min-width:0}td{overflow-wrap:anywhere}',
  // The inbox as cards on a phone: each cell on its own line under its column's name.
  'table.leads{min-width:0}table.leads thead{display:none}table.leads tr{display:block;border-bottom:1px solid #ccc;padding:.5rem 0}',
  'table.leads td{display:block;border:0;padding:.1rem 0}table.leads td[data-label]::before{content:attr(data-label) "：";color:#555;font-size:.9em}}',
].join('');

const pageHeaders = { 'X-Robots-Tag': 'noindex, nofollow' };

function Menu(props: { actor: string; signOut: boolean }) {
  return (
    <>
      <nav aria-label="スタッフメニュー">
        <a href="/staff">受信箱</a>
        <a href="/staff/new">電話の受付を入力</a>
        <a href="/staff/calendar">予約カレンダー</a>
        <a href="/staff/funnel">ファネル</a>
        <a href="/staff/audit">操作の記録</a>
      </nav>
      <span>{props.actor}</span>
      {props.signOut && (
        <form method="post" action="/staff/logout">
          <button class="link">ログアウト</button>
        </form>
      )}
    </>
  );
}

/** A staff page; the menu shows once someone is signed in (`c.var.who`). */
export function staffPage(
  c: AppContext,
  status: number,
  title: string,
  body: Child,
  headers: Record<string, string> = {},
): Promise<Response> {
  const name = `${brands[c.var.brand].name} スタッフ`;
  const who = c.get('who');
  return page(
    status,
    <Document title={`${title} | ${name}`} robots="noindex, nofollow" style={staffStyle}>
      <header>
        <strong>{name}</strong>
        {who && <Menu actor={who.actor} signOut={c.var.services.access?.kind === 'secret'} />}
      </header>
      <main>
        <h1>{title}</h1>
        {body}
      </main>
    </Document>,
    staffStyle,
    { ...pageHeaders, ...headers },
  );
}
