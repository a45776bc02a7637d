import { MessagePage, messagePageActionClass } from './MessagePage';

/** The global error page: shown for errors other than 404, never to bots. */
export function ErrorPage() {
  return (
    <MessagePage
      titleId="error-title"
      title="ページを表示できませんでした。"
      text="通信状況の影響などで、ページの一部を読み込めませんでした。お手数ですが、ページを再読み込みしてください。"
      action={
        <button
          type="button"
          className={messagePageActionClass}
          onClick={() => window.location.reload()}
        >
          ページを再読み込み
        </button>
      }
    />
  );
}
