/** The full lab's Content-Security-Policy (frame-ancestors 'none'). */
export declare const CSP: string;
/** The embed page's frame-ancestors source list (default `EMBED_FRAME_ANCESTORS`, else *); throws on a malformed one. */
export declare function embedFrameAncestors(value?: string): string;
/** The embed page's Content-Security-Policy. */
export declare function embedCsp(frameAncestors?: string): string;
/** The policy for a request path or a served file: the embed page's, else the full lab's. */
export declare function cspForPath(path: string, frameAncestors?: string): string;
