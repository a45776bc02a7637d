// What a finger or the eye meets at a control's centre (WCAG 2.4.11, focus not obscured): shared
// by the e2e specs and the bench's taps. Runs in the page (locator.evaluate), so it is one
// self-contained function.

/**
 * What covers `element` at `point` (its start, as HTML), or null when a tap there reaches it: the
 * element itself, something inside it, or its label. Without `point`, the centre of the element's
 * first box (a link wrapped over two lines is met on its first line).
 */
export function coveringAt(element: Element, point?: { x: number; y: number }): string | null {
  const box = element.getClientRects()[0] ?? element.getBoundingClientRect();
  const x = point?.x ?? box.x + box.width / 2;
  const y = point?.y ?? box.y + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  const reaches =
    hit !== null &&
    (element.contains(hit) ||
      (hit.closest('label') as HTMLLabelElement | null)?.control === element);
  return reaches ? null : (hit?.outerHTML.slice(0, 120) ?? 'nothing');
}
