/**
 * libuv's thread pool (4 threads by default) runs SQLite's queries, file
 * reads and the session store's queries alike; a few writes waiting out
 * another process's lock would occupy all of it. Eight threads keep static
 * files and sessions answering meanwhile. It must be set before the pool's
 * first use, so `server/index.ts` imports this module first; an operator's
 * own UV_THREADPOOL_SIZE wins. (Password hashing has its own threads.)
 */
process.env.UV_THREADPOOL_SIZE ??= '8';
