import { dateText, joinList, textLink, toPhone } from "../../scripts/data/model.ts";
import type { PrivacyFacts } from "../../scripts/data/privacy.ts";
import type { PageShell } from "../../scripts/site/page.ts";
import { CONTACT_PATH } from "../../scripts/site/urls.ts";
import { Layout } from "../Layout.tsx";

/**
 * The privacy policy: what the site and the estimate form keep, what calls and texts are used for,
 * the statement carriers ask of a business that texts, and whom to ask. It shows nothing of the data
 * but `facts` (data/privacy.ts), so that its date changes only when its words do. The owner has it
 * reviewed before relying on it (docs/owner-guide.md).
 */
export function PrivacyPage({ shell, facts, updated }: { shell: PageShell; facts: PrivacyFacts; updated: string }) {
  const phone = toPhone(facts.phone);
  const text = facts.text === undefined ? undefined : textLink(facts.text);
  const call = <a href={phone.href}>{phone.display}</a>;
  return (
    <Layout shell={shell}>
      <div className="page-head">
        <div className="container narrow">
          <h1>Privacy Policy</h1>
          <p className="lead">
            What this website and our estimate form collect, what we use it for, and how to reach us about it.
          </p>
          <p className="small">
            Last updated <time dateTime={updated}>{dateText(updated)}</time>
          </p>
        </div>
      </div>
      <div className="section">
        <div className="container narrow">
          <div className="prose">
            <h2>This website</h2>
            <ul>
              <li>
                The site sets no cookies and keeps nothing of its own in your browser&apos;s storage. It runs no
                analytics, advertising or tracking code.
              </li>
              <li>
                So that it opens on a weak signal or none, the site keeps a copy of each page you open, and of the home
                and contact pages, in your browser&apos;s cache for this site. The copies hold only our pages, nothing
                you typed, and are fetched again when the site changes. Clearing this site&apos;s data in your browser
                removes them.
              </li>
              <li>
                The server that sends these pages receives your device&apos;s internet (IP) address and the address of
                the page with each request, as every web server does.
              </li>
            </ul>

            <h2>The estimate form</h2>
            <ul>
              <li>
                The form on our <a href={CONTACT_PATH}>contact page</a> is run by our form provider, from{" "}
                {joinList(facts.formHosts)}. What you type into it, such as your name, phone number, e-mail address and
                the job, goes to the provider, which passes it to us. No other page of the site loads anything from the
                provider.
              </li>
              <li>
                The provider&apos;s script keeps, in your browser&apos;s local storage for this site, with no expiry
                date:
                <ul>
                  {facts.formStorage.map(({ key, holds }) => (
                    <li key={key}>
                      under <code data-provider-storage="">{key}</code>, {holds}.
                    </li>
                  ))}
                </ul>
                Clearing this site&apos;s data in your browser removes them. The site itself reads none of it.
              </li>
            </ul>

            <h2>Calls and texts</h2>
            <ul>
              <li>
                We use the calls{text ? " and texts" : ""} you send us, at {call}
                {text ? (
                  <>
                    {" "}
                    and at <a href={text.href}>{text.display}</a> for texts
                  </>
                ) : null}
                , and what you tell us in them, only to answer your request: to give you an estimate and keep you
                informed about your job.
              </li>
              <li>
                No mobile information will be shared with third parties or affiliates for marketing or promotional
                purposes. Text messaging opt-in data and consent will not be shared with any third parties.
              </li>
              {text ? (
                <li>
                  To stop texts from us, reply <strong>STOP</strong> to any of them. For help, reply{" "}
                  <strong>HELP</strong>, or call {call}. Message and data rates may apply. Message frequency varies.
                </li>
              ) : null}
            </ul>

            <h2>Whom to ask</h2>
            <p>
              {facts.business}, {facts.address}. Call {call}
              {text ? (
                <>
                  {" "}
                  or text <a href={text.href}>{text.display}</a>
                </>
              ) : null}
              .
            </p>
          </div>
        </div>
      </div>
    </Layout>
  );
}
