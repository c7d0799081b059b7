export declare const MINIMUM_NODE: string;
export declare function nodeVersionProblem(version?: string): string;
export declare function requireSupportedNode(version?: string): void;
