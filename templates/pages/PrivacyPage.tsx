import { dateText, textLink, toPhone } from "../../scripts/data/model.ts";
import type { PrivacyFacts } from "../../scripts/data/privacy.ts";
import type { PageShell } from "../../scripts/site/page.ts";
import { privacyStatements, type PrivacyWords } from "../../scripts/site/privacy.ts";
import { Fragment } from "react";
import { Layout } from "../Layout.tsx";

/**
 * The privacy policy: what the site and the estimate form keep and send, how the site answers Do
 * Not Track and how a change is made known (site/privacy.ts, the list its tests check, with what the
 * features that are on add to it), what calls
 * and texts are used for, the statement carriers ask of a business that texts (as true of how the
 * form's details flow: its provider keeps them for us), and whom to ask. It shows nothing of the data but `facts` (data/privacy.ts).
 * The owner has it reviewed before relying on it (docs/owner-guide.md).
 */
export function PrivacyPage({ shell, facts, updated }: { shell: PageShell; facts: PrivacyFacts; updated: string }) {
  const phone = toPhone(facts.phone);
  const text = facts.text === undefined ? undefined : textLink(facts.text);
  const call = <a href={phone.href}>{phone.display}</a>;
  const second = facts.secondPhone === undefined ? undefined : toPhone(facts.secondPhone);
  const statements = privacyStatements(facts, shell.featurePrivacy);
  const provider = facts.formProvider.name;
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
            {[...new Set(statements.map((statement) => statement.section))].map((section) => (
              <Fragment key={section}>
                <h2>{section}</h2>
                <ul>
                  {statements
                    .filter((statement) => statement.section === section)
                    .map((statement, index) => (
                      <li key={index}>
                        <Words words={statement.words} />
                      </li>
                    ))}
                </ul>
              </Fragment>
            ))}

            <h2>Calls and texts</h2>
            <ul>
              <li>
                We use the calls{text ? " and texts" : ""} you send us, at {call}
                {second ? (
                  <>
                    , at <a href={second.href}>{second.display}</a>, our second line, which the pages of some towns show
                  </>
                ) : null}
                {text ? (
                  <>
                    {second ? ", and" : " and"} at <a href={text.href}>{text.display}</a> for texts
                  </>
                ) : null}
                , and what you tell us in them, only to answer your request: to give you an estimate and keep you
                informed about your job.
              </li>
              <li>
                {provider}, which runs our estimate form, keeps what you send through it for us, with your phone number
                and any consent to texts you give there. Beyond {provider}, no mobile information will be shared with
                third parties or affiliates for marketing or promotional purposes, and text messaging opt-in data and
                consent will not be shared with any third parties.
              </li>
              {text ? (
                <li>
                  If we text you, reply <strong>STOP</strong> to any of our texts and we will send you no more. For
                  help, reply <strong>HELP</strong>, or call {call}. Message and data rates may apply. Message frequency
                  varies.
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

/** A statement's words, its names in code type and its links as links (to another site, without a referrer). */
function Words({ words }: { words: PrivacyWords }) {
  return words.map((part, index) =>
    typeof part === "string" ? (
      part
    ) : "code" in part ? (
      <code key={index}>{part.code}</code>
    ) : /^https?:/.test(part.href) ? (
      <a key={index} href={part.href} rel="noopener noreferrer">
        {part.text}
      </a>
    ) : (
      <a key={index} href={part.href}>
        {part.text}
      </a>
    ),
  );
}
