/** "$5", "$10", "$0": whole amounts without cents, in the interface language's format. */
export function formatPrice(priceCents: number, currency: string, language: string): string {
  const isWhole = priceCents % 100 === 0;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: isWhole ? 0 : 2,
    maximumFractionDigits: isWhole ? 0 : 2,
  }).format(priceCents / 100);
}

export function formatCredits(amount: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(amount);
}
