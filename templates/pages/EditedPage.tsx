import type { PageShell } from "../../scripts/site/page.ts";
import { Layout } from "../Layout.tsx";
import { Section } from "../parts/Section.tsx";

/** Sends the browser on to the page a change is on (its <meta> refresh does); the link is for a browser that does not. */
export function EditedPage({ shell, target }: { shell: PageShell; target: string }) {
  return (
    <Layout shell={shell}>
      <Section inner="narrow">
        <h1>Opening the changed page</h1>
        <p>
          <a href={target}>Go to the page</a>
        </p>
      </Section>
    </Layout>
  );
}
