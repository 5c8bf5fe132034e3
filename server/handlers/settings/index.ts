import type { HandlerMap } from '../../context';
import { profileHandlers } from './profile';
import { accessKeyHandlers } from './access-keys';
import { notificationHandlers } from './notifications';

export const settingsHandlers: HandlerMap = {
  ...profileHandlers,
  ...accessKeyHandlers,
  ...notificationHandlers,
};
