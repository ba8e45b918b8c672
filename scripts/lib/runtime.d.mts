export declare const RUNTIME_MAJOR: number;
/** The binary to run the project with: the packaged Node 24 when npm installed it, else this one. */
export declare function projectRuntime(root: string): string;
/** Runs this script again on the project's Node when started by another one. */
export declare function requireRuntime(root: string): void;
