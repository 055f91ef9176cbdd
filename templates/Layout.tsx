// The document shell every page shares: head, skip link, header, breadcrumbs, main, footer.
import type { ReactNode } from "react";
import type { PageShell } from "../scripts/site/page.ts";
import { Header } from "./parts/Header.tsx";
import { Footer } from "./parts/Footer.tsx";
import { Breadcrumbs } from "./parts/Breadcrumbs.tsx";
import { SocialMetaTags } from "./parts/SocialMetaTags.tsx";
import { StructuredData } from "./parts/StructuredData.tsx";

export function Layout({ shell, children }: { shell: PageShell; children: ReactNode }) {
  const { meta, assets, business } = shell;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {shell.canonicalUrl ? <link rel="canonical" href={shell.canonicalUrl} /> : null}
        {meta.noindex ? <meta name="robots" content="noindex" /> : null}
        {shell.social ? <SocialMetaTags social={shell.social} /> : null}
        <meta name="theme-color" content="#1d2329" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script dangerouslySetInnerHTML={{ __html: assets.headScript }} />
        <style dangerouslySetInnerHTML={{ __html: assets.css }} />
        <script type="speculationrules" dangerouslySetInnerHTML={{ __html: assets.speculationRules }} />
        {shell.structuredData ? <StructuredData json={shell.structuredData} /> : null}
      </head>
      <body data-page={shell.meta.noindex ? "not-found" : undefined}>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <Header business={business} currentPath={shell.path} />
        <main id="main" tabIndex={-1}>
          {shell.breadcrumbs.length > 0 ? <Breadcrumbs crumbs={shell.breadcrumbs} /> : null}
          {children}
        </main>
        <Footer business={business} year={shell.year} />
        <script dangerouslySetInnerHTML={{ __html: assets.bodyScript }} />
      </body>
    </html>
  );
}
