/** The page's JSON-LD, already serialized and escaped by scripts/seo/structured-data.ts. */
export function StructuredData({ json }: { json: string }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
