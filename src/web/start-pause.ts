/**
 * The entry's modules run in import order, and without a pause all of them run in one task: on a slow
 * phone some 400 ms in which the server's first paint answers no tap (issue 15, total blocking time).
 * main.tsx imports this between the libraries and the routes (their schemas, the layout's React Aria),
 * so the browser gets a turn in between.
 */
await new Promise<void>((resolve) => setTimeout(resolve, 0));
export {};
