/**
 * The CSS custom property on the root element that holds the height of what is fixed at the bottom of the
 * window (the cookie banner while it is shown): the page keeps that much room below its content, full-height
 * screens are that much shorter, and the notifications stack above it. Unset: 0.
 */
export const BOTTOM_INSET_PROPERTY = '--ag-bottom-inset';
