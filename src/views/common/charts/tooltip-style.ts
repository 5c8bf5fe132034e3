/**
 * Tooltip text in the page's own ink: Recharts writes each item in its series colour (green, amber on
 * white fail WCAG contrast, which axe finds whenever the pointer rests on a chart); the legend keeps
 * the colours.
 */
export const TOOLTIP_ITEM_STYLE = { color: '#1e293b' } as const;
