/** `1234567` -> `1,234,567`: the integer part of a figure, grouped by thousands (digits only). */
export function groupThousands(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
