import { millis } from '../../core/time';

/** One IS-707 traffic-channel frame (is707.md): the system's step, read by its info and its model. */
export const FRAME_NS = millis(20);
