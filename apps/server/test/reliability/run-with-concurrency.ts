/** Runs `task(i)` for i in 0..count-1 with at most `concurrency` at a time; results in order. */
export async function runWithConcurrency<T>(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < count) {
      const i = nextIndex++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}
