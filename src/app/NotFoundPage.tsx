import { Link } from 'react-router-dom';
import { receptionText, telHref } from '../brand/brands';
import { useBrand } from '../brand/useBrand';
import { MessagePage, messagePageActionClass } from './MessagePage';

/** The spec's not-found page, with the phone and when it is answered. */
export function NotFoundPage() {
  const brand = useBrand();
  return (
    <MessagePage
      titleId="not-found-title"
      title="ページが見つかりませんでした。"
      text="お探しのページは一時的にアクセスできない状況にあるか、削除された、または掲載期間が終了した可能性があります。"
      action={
        <Link to="/" className={messagePageActionClass}>
          TOPページへ戻る
        </Link>
      }
      note={
        <>
          お電話でのお問い合わせ：
          <a href={telHref(brand.phone)} data-phone-link="not-found">
            {brand.phone}
          </a>
          <br />
          {receptionText(brand)}
        </>
      }
    />
  );
}
