import type { SiteModel } from "../../scripts/data/model.ts";
import { Layout, type PageShell } from "../Layout.tsx";

export function NotFoundPage({ shell, model }: { shell: PageShell; model: SiteModel }) {
  const { business } = model;
  return (
    <Layout shell={shell}>
      <div className="section not-found">
        <div className="container narrow">
          <p className="not-found-code" aria-hidden="true">
            404
          </p>
          <h1>
            <span className="visually-hidden">404: </span>Oops! Page not found
          </h1>
          <p className="lead">
            The page you are looking for is not here. It may have moved, or the address may have a
            typo.
          </p>
          <div className="button-row">
            <a className="button button-accent" href="/">
              Return to Home
            </a>
            <a className="button button-outline" href={business.phone.href}>
              Call {business.phone.display}
            </a>
          </div>
          <p>
            You can also browse <a href="/services">our services</a> or{" "}
            <a href="/towns">the towns we serve</a>.
          </p>
        </div>
      </div>
    </Layout>
  );
}
