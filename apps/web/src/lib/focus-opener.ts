/**
 * Gives the focus back to what opened a dialog (a swatch, "Mark areas", a help button).
 *
 * The browser scrolls it into view, clear of the sticky Transform (the control column's
 * `scroll-padding-block-end`, decision 091), by just what it takes: on a phone that left the
 * sheet's "Your project" heading sliced at its top edge (45 px down, a sliver of the heading over
 * "Directives"), and a result opened on the sheet at that position. When the column, back from a
 * dialog, cuts a heading row at its top edge, it scrolls on until the row is out of view, if what
 * was focused stays whole (docs/decisions/234-focus-back-leaves-no-sliced-heading.md).
 */
export function focusOpener(opener: HTMLElement): void {
  const column = opener.closest<HTMLElement>('.studio__controls');
  opener.focus();
  // Only the browser's scroll to a focused opener is followed up: an opener that could not take
  // the focus (disabled while the marked areas save, hidden in a folded sheet) moved nothing, and
  // the column stays where the user left it (docs/decisions/256-focus-back-while-areas-save.md).
  if (document.activeElement !== opener) return;
  if (!column || column.scrollTop === 0) return;
  const edge = column.getBoundingClientRect().top + column.clientTop;
  const rows = column.querySelectorAll<HTMLElement>(
    '.studio__controls-header, .project-panel__heading, .directives-panel__header, legend',
  );
  for (const row of rows) {
    const box = row.getBoundingClientRect();
    if (box.height === 0 || box.top >= edge || box.bottom <= edge) continue;
    // The row goes just out of view: what follows it then starts its gap below the edge, as the
    // column's first row starts its padding below it.
    const extra = Math.ceil(box.bottom - edge);
    if (opener.getBoundingClientRect().top - extra < edge) return;
    column.scrollTop += extra;
    return;
  }
}
