/**
 * The print rules of a printable page (the assessment schedule, the day sheet): the app's sidebar,
 * header and controls drop away and the page prints plainly on white. `pageRules` are the page's own.
 */
export function printCss(margin: string, pageRules: string): string {
  return `
@media print {
  @page { margin: ${margin}; }
  body, .bg-background { background: #fff !important; }
  aside, header, [data-no-print] { display: none !important; }
  .lg\\:pl-64 { padding-left: 0 !important; }
  main { max-width: none !important; padding: 0 !important; }
  ${pageRules}
}`;
}
