import { Link } from 'react-router-dom';
import { MessagePage, messagePageActionClass } from './MessagePage';

/** The spec's not-found page. */
export function NotFoundPage() {
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
    />
  );
}
