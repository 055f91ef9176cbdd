import type { Faq } from "../../scripts/data/schema.ts";

/**
 * Questions and answers, all visible: nothing to open, nothing hidden from search engines. Each
 * answer is an article named by its question.
 */
export function FaqList({ id, heading, faqs }: { id: string; heading: string; faqs: Faq[] }) {
  return (
    <section className="faq" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <div className="faq-list">
        {faqs.map((faq, index) => (
          <article key={faq.question} className="faq-item" aria-labelledby={`${id}-${index + 1}`}>
            <h3 id={`${id}-${index + 1}`}>{faq.question}</h3>
            <p>{faq.answer}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
