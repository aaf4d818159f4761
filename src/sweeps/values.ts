/** `n` evenly spaced values from `from` to `to`, rounded to ten significant digits. */
export function linspace(from: number, to: number, n: number): number[] {
  if (n <= 1) return [from];
  return Array.from({ length: n }, (_, i) => Number((from + ((to - from) * i) / (n - 1)).toPrecision(10)));
}
