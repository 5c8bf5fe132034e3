import type { HandlerMap } from '../../context';
import { contactHandlers } from './contacts';
import { attributeHandlers, listHandlers } from './lists';
import { segmentHandlers } from './segments';
import { importHandlers } from './imports';

export const audienceHandlers: HandlerMap = {
  ...contactHandlers,
  ...attributeHandlers,
  ...listHandlers,
  ...segmentHandlers,
  ...importHandlers,
};
