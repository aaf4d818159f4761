/** Absolute path of the native CLI the tests and benchmarks run (scripts/native-cli.mjs). */
export declare const nativeCliPath: string;
/** The same path, after building the release CLI when it is missing and TIERPLAN_CLI is unset. */
export declare function nativeCli(): string;
/** `tierplan reproduce --format json`, kept beside the CLI and reused while newer than it. */
export declare function nativeReproduceJson(): string;
