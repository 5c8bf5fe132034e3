import type { HandlerMap } from '../../context';

export const settingsHandlers: HandlerMap = {};
