// The document shell every page shares: head, skip link, header, breadcrumbs, main, footer.
import type { ReactNode } from "react";
import { preload, type PreloadOptions } from "react-dom";
import type { PageShell } from "../scripts/site/page.ts";
import { Header } from "./parts/Header.tsx";
import { Footer } from "./parts/Footer.tsx";
import { CallBar } from "./parts/CallBar.tsx";
import { joinList, type Phone } from "../scripts/data/model.ts";
import { Breadcrumbs } from "./parts/Breadcrumbs.tsx";
import { SocialMetaTags } from "./parts/SocialMetaTags.tsx";
import { StructuredData } from "./parts/StructuredData.tsx";
import { SVG_FAVICON } from "../scripts/site/favicon.ts";
import { CONTACT_PATH } from "../scripts/site/urls.ts";

export function Layout({
  shell,
  children,
  callPhone,
  estimateHref = CONTACT_PATH,
  notFound = false,
}: {
  shell: PageShell;
  children: ReactNode;
  /** The number the page's call bar dials (a town page's own); the main number unless given. */
  callPhone?: Phone;
  /** Where the call bar's estimate link goes; the contact page points at its own form. */
  estimateHref?: string;
  /** The not-found page: its body says so, for the pages' script's console line (browser/site.ts). */
  notFound?: boolean;
}) {
  const { meta, assets, business, hero } = shell;
  // The drawn shovel, unless a feature gives the tab's icon (the owner's).
  const favicon = shell.favicon ?? SVG_FAVICON;
  // The photo at the top, asked for from the first bytes, before the stylesheet is read: for each
  // screen size, the copies its <picture> offers there. React writes a preload right after the
  // viewport's <meta>, where a <link> written here would be moved below the page's other tags.
  for (const source of hero?.preloads ?? []) {
    preload(source.srcset.split(" ")[0]!, {
      as: "image",
      type: source.type,
      imageSrcSet: source.srcset,
      imageSizes: hero!.sizes,
      fetchPriority: "high",
      media: source.media,
    } as PreloadOptions);
  }
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {shell.canonicalUrl ? <link rel="canonical" href={shell.canonicalUrl} /> : null}
        {meta.noindex || shell.preview ? <meta name="robots" content="noindex" /> : null}
        {meta.refreshTo ? <meta httpEquiv="refresh" content={`0; url=${meta.refreshTo}`} /> : null}
        {shell.social ? <SocialMetaTags social={shell.social} /> : null}
        <meta name="theme-color" content="#1d2329" />
        <link rel="icon" href={favicon.path} type={favicon.type} />
        <script dangerouslySetInnerHTML={{ __html: assets.headScript }} />
        <style dangerouslySetInnerHTML={{ __html: `${assets.css}${shell.featureStyles ?? ""}` }} />
        <script type="speculationrules" dangerouslySetInnerHTML={{ __html: assets.speculationRules }} />
        {shell.headScripts?.map((code) => (
          <script key={code} dangerouslySetInnerHTML={{ __html: code }} />
        ))}
      </head>
      <body
        data-page={notFound ? "not-found" : undefined}
        {...Object.fromEntries(Object.entries(shell.bodyData ?? {}).map(([name, value]) => [`data-${name}`, value]))}
      >
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        {shell.preview ? (
          <aside className="preview-band" aria-label="Preview">
            <p>Preview of a draft: not the live site. Publish it in the editor to put it live.</p>
          </aside>
        ) : null}
        {business.placeholders.length > 0 ? (
          <aside className="placeholder-band" aria-label="Placeholders">
            <p>
              Placeholders, not the business's own:{" "}
              {joinList(business.placeholders.map((placeholder) => placeholder.what))}. Fill them in in data/site.yaml
              before the site goes live: a build for a host refuses them.
            </p>
          </aside>
        ) : null}
        <Header business={business} currentPath={shell.path} mark={shell.sections?.mark} />
        <main id="main" tabIndex={-1}>
          {shell.breadcrumbs.length > 0 ? <Breadcrumbs crumbs={shell.breadcrumbs} /> : null}
          {children}
        </main>
        <Footer business={business} year={shell.year} hours={shell.sections?.hours} />
        <CallBar phone={callPhone ?? business.phone} estimateHref={estimateHref} text={business.text} />
        <script dangerouslySetInnerHTML={{ __html: assets.bodyScript }} />
        {/* Last, not in <head>: the JSON-LD repeats the page's own text (FAQ answers, town names), and
            gzip only finds a repeat within 32 KB; from <head>, the home page's FAQ lay beyond that,
            and any line added above it cost about 650 compressed bytes. */}
        {shell.structuredData ? <StructuredData json={shell.structuredData} /> : null}
      </body>
    </html>
  );
}
