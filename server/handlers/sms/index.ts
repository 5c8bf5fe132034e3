import type { HandlerMap } from '../../context';

export const smsHandlers: HandlerMap = {};
