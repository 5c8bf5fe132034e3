import type { AriaLabelConfig } from '@xyflow/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** React Flow's own words (controls, mini map, keyboard help) in the user's language; its defaults are English. */
export function useFlowAriaLabels(): Partial<AriaLabelConfig> {
  const { t } = useTranslation('common');
  return useMemo(
    () => ({
      'controls.ariaLabel': t('flowCanvas.controls'),
      'controls.zoomIn.ariaLabel': t('flowCanvas.zoomIn'),
      'controls.zoomOut.ariaLabel': t('flowCanvas.zoomOut'),
      'controls.fitView.ariaLabel': t('flowCanvas.fitView'),
      'controls.interactive.ariaLabel': t('flowCanvas.interactive'),
      'minimap.ariaLabel': t('flowCanvas.minimap'),
      'handle.ariaLabel': t('flowCanvas.handle'),
      'node.a11yDescription.default': t('flowCanvas.nodeHelp'),
      'node.a11yDescription.keyboardDisabled': t('flowCanvas.nodeHelpKeyboard'),
      'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }) =>
        t('flowCanvas.nodeMoved', {
          direction: t(`flowCanvas.direction.${direction as 'up' | 'down' | 'left' | 'right'}`),
          x,
          y,
        }),
      'edge.a11yDescription.default': t('flowCanvas.edgeHelp'),
    }),
    [t],
  );
}
