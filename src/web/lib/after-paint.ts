/**
 * Runs `work` once the browser has painted the current frame. A tap's own feedback (a menu closing, a
 * button released) paints first, and a heavy re-render it starts (250 offers sorted, ten more cards) comes
 * in a task of its own: the tap answers in one frame (issue #15, INP), and the menu's focus handling does
 * not measure a page that the re-render has just changed.
 */
export function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}
