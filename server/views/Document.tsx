/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// Every page the server renders: one shell, its one style sheet inline (allowed by hash, answers.ts).
import type { Child } from 'hono/jsx';
import { raw } from 'hono/html';

export function Document(props: {
  title: string;
  robots: string;
  /** The same string the answer's CSP hashes (page() in http/answers.ts). */
  style: string;
  children: Child;
}) {
  return (
    <>
      {/* eslint-disable-next-line no-restricted-syntax -- the one doctype, not markup */}
      {raw('<!doctype html>')}
      <html lang="ja">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content={props.robots} />
          <title>{props.title}</title>
          <style>{raw(props.style)}</style>
        </head>
        <body>{props.children}</body>
      </html>
    </>
  );
}
