import { useEffect } from "react";

/** Sets document.title: the sign-in screen is exactly 'Sign In' (docs/product-rules.md#navigation); app pages add the brand. */
export function useDocumentTitle(title: string, withBrand = true) {
  useEffect(() => {
    document.title = withBrand ? `${title} · MedLegal` : title;
  }, [title, withBrand]);
}
