import dayjs from 'dayjs';

/** Spec 000 §9 date format YYYY-MM-DD; the gateway's times are seconds. */
export const formatDay = (seconds: number) => dayjs(seconds * 1000).format('YYYY-MM-DD');

export const formatDateTime = (seconds: number) => dayjs(seconds * 1000).format('YYYY-MM-DD HH:mm');
