import type { HandlerMap } from '../../context';

export const uploadHandlers: HandlerMap = {};
