/**
 * HTML shown as a page of its own in a sandboxed frame (an admin's preview of stored HTML): nothing it holds can
 * run or reach the page around it, and its links open in a new tab.
 */
export function HtmlFrame({
  html,
  title,
  className,
  testId,
}: {
  html: string;
  /** the frame's accessible name */
  title: string;
  className?: string;
  testId?: string;
}) {
  return (
    <iframe
      className={className}
      sandbox=""
      title={title}
      srcDoc={`<!doctype html><meta charset="utf-8"><base target="_blank"><body style="font-family:sans-serif">${html}</body>`}
      data-testid={testId}
    />
  );
}
