import { HEADER_HEIGHT, LINE_HEIGHT, type LaidOutGraph } from './machine-graph';

/**
 * A laid-out machine as a standalone SVG document (the export, and the PNG's source). Built from the
 * layout rather than from the screen, so it holds the whole diagram whatever the zoom.
 */
const MARGIN = 24;
const TITLE_HEIGHT = 32;
const FONT = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif';

export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );
}

export function graphToSvg(
  graph: LaidOutGraph,
  {
    title,
    activeStateIds = [],
    activeEdgeIds = [],
  }: { title: string; activeStateIds?: string[]; activeEdgeIds?: string[] },
): string {
  const width = Math.ceil(graph.width + MARGIN * 2);
  const height = Math.ceil(graph.height + MARGIN * 2 + TITLE_HEIGHT);
  const active = new Set(activeStateIds);
  const activeEdges = new Set(activeEdgeIds);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family='${FONT}' font-size="12">`,
    `<title>${escapeXml(title)}</title>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#475569"/></marker>',
    '<marker id="arrow-active" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#ea580c"/></marker></defs>',
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${MARGIN}" y="${MARGIN}" font-size="16" font-weight="600" fill="#0f172a">${escapeXml(title)}</text>`,
    `<g transform="translate(${MARGIN},${MARGIN + TITLE_HEIGHT})">`,
  );
  for (const node of graph.nodes) {
    const on = active.has(node.id);
    const stroke = on ? '#ea580c' : '#64748b';
    const attrs = `data-state="${escapeXml(node.id)}"`;
    if (node.kind === 'initial') {
      out.push(
        `<circle ${attrs} cx="${node.absX + node.width / 2}" cy="${node.absY + node.height / 2}" r="${node.width / 2}" fill="#0f172a"/>`,
      );
      continue;
    }
    if (node.type === 'history') {
      out.push(
        `<g ${attrs}><circle cx="${node.absX + node.width / 2}" cy="${node.absY + node.height / 2}" r="${node.width / 2}" fill="#ffffff" stroke="${stroke}" stroke-width="${on ? 2.5 : 1.5}"/>`,
        `<text x="${node.absX + node.width / 2}" y="${node.absY + node.height / 2 + 4}" text-anchor="middle" font-weight="600">${escapeXml(node.label)}</text></g>`,
      );
      continue;
    }
    const fill = node.hasChildren ? (node.type === 'parallel' ? '#f8fafc' : '#f1f5f9') : on ? '#fff7ed' : '#ffffff';
    const dash = node.type === 'parallel' ? ' stroke-dasharray="6 4"' : '';
    out.push(
      `<g ${attrs}><rect x="${node.absX}" y="${node.absY}" width="${node.width}" height="${node.height}" rx="8" fill="${fill}" stroke="${stroke}" stroke-width="${on ? 2.5 : 1.5}"${dash}/>`,
    );
    if (node.isFinal)
      out.push(
        `<rect x="${node.absX + 3}" y="${node.absY + 3}" width="${node.width - 6}" height="${node.height - 6}" rx="6" fill="none" stroke="${stroke}"/>`,
      );
    out.push(
      `<text x="${node.absX + 12}" y="${node.absY + 19}" font-weight="600" fill="#0f172a">${escapeXml(node.label)}</text>`,
    );
    node.details.forEach((detail, index) => {
      out.push(
        `<text x="${node.absX + 12}" y="${node.absY + HEADER_HEIGHT + 8 + index * LINE_HEIGHT}" fill="#475569" font-size="11">${escapeXml(`${detail.kind} / ${detail.text}`)}</text>`,
      );
    });
    out.push('</g>');
  }
  for (const edge of graph.edges) {
    if (edge.points.length < 2) continue;
    const on = activeEdges.has(edge.id);
    const d = edge.points
      .map((point, index) => `${index ? 'L' : 'M'}${point.x.toFixed(1)},${point.y.toFixed(1)}`)
      .join(' ');
    const dash =
      edge.kind === 'always' ? ' stroke-dasharray="4 3"' : edge.kind === 'after' ? ' stroke-dasharray="1 3"' : '';
    out.push(
      `<path data-edge="${escapeXml(edge.id)}" d="${d}" fill="none" stroke="${on ? '#ea580c' : '#475569'}" stroke-width="${on ? 2.5 : 1.2}"${dash} marker-end="url(#${on ? 'arrow-active' : 'arrow'})"/>`,
    );
    if (edge.label && edge.labelPosition) {
      out.push(
        `<rect x="${edge.labelPosition.x}" y="${edge.labelPosition.y}" width="${edge.labelWidth}" height="${edge.labelHeight}" rx="3" fill="#ffffff" fill-opacity="0.9"/>`,
        `<text x="${edge.labelPosition.x + 4}" y="${edge.labelPosition.y + 13}" font-size="11" fill="${on ? '#c2410c' : '#1e293b'}">${escapeXml(edge.label)}</text>`,
      );
    }
  }
  out.push('</g></svg>');
  return out.join('\n');
}
