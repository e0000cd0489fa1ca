import type { ScaleOutResult } from './scale-out';
import type { LoadResult } from './wrk';

export type PageRow = {
  page: string;
  path: string;
  nginxRps: number | null;
  /** The same bytes from a bare Node.js `http` server: the ceiling of any Node server here. */
  bareNodeRps: number;
  serverRps: number;
  /** The median of the rounds' own ratios (each round's server run over its nginx run). */
  ratio: number | null;
  roundRatios: number[];
  p50: number;
  p99: number;
  failures: number;
};

/** The single SQLite instance beside two PostgreSQL instances behind nginx (figures, no target). */
export function printScaleOut(rows: PageRow[], posts: LoadResult, scaleOut: ScaleOutResult): void {
  if ('skipped' in scaleOut) {
    console.log(`two instances on PostgreSQL: skipped (${scaleOut.skipped})`);
    return;
  }
  console.log('Single SQLite instance beside two instances on one PostgreSQL behind nginx:');
  console.table([
    ...rows.map((r, i) => {
      const two = scaleOut.pages[i]!;
      return {
        request: `GET ${r.path}`,
        'SQLite, 1 instance req/s': Math.round(r.serverRps),
        'PostgreSQL, 2 instances req/s': Math.round(two.rps),
        'p99 ms (1 / 2)': `${r.p99.toFixed(1)} / ${two.p99.toFixed(1)}`,
        'failures (2)': two.failures,
      };
    }),
    {
      request: 'POST /api/contacts',
      'SQLite, 1 instance req/s': Math.round(posts.rps),
      'PostgreSQL, 2 instances req/s': Math.round(scaleOut.enquiries.rps),
      'p99 ms (1 / 2)': `${posts.p99.toFixed(1)} / ${scaleOut.enquiries.p99.toFixed(1)}`,
      'failures (2)': scaleOut.enquiries.failures,
    },
  ]);
}
