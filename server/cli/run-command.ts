import { ConfigError } from '../config';

/**
 * Runs a one-shot command from the shell: prints what `main` answers and
 * exits 0, or prints its error on one line and exits 1 (a configuration
 * error or the usage text as they are, anything else after `Error:`).
 */
export function runCommand(main: () => Promise<string>, usage: string): void {
  main().then(
    (message) => {
      console.log(message);
      process.exit(0);
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      console.error(
        error instanceof ConfigError || message === usage ? message : `Error: ${message}`,
      );
      process.exit(1);
    },
  );
}
