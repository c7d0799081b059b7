export declare const MINIMUM_NODE: string;
export declare const MINIMUM_NODE_REPOSITORY: string;
export declare function nodeVersionProblem(version?: string, minimum?: string, what?: string): string;
export declare function requireSupportedNode(version?: string, minimum?: string, what?: string): void;
