import type { ReactNode } from "react";

/**
 * A band across the page, its content in the centred column (`.container`, with `inner`'s classes
 * added): a <section> named by its heading when `labelledBy` is given, so that it is a region a
 * screen reader lists, a <div> otherwise. `className` is the band's own: `section`, `page-head`,
 * `hero`, `cta-band` and their variants. `before` lies outside the column, across the whole band
 * (the photo at the top of a page).
 */
export function Band({
  className,
  inner,
  labelledBy,
  id,
  before,
  children,
}: {
  className: string;
  inner?: string;
  /** The id of the heading that names the band. */
  labelledBy?: string | undefined;
  id?: string;
  before?: ReactNode;
  children: ReactNode;
}) {
  const content = (
    <>
      {before}
      <div className={inner ? `container ${inner}` : "container"}>{children}</div>
    </>
  );
  return labelledBy ? (
    <section id={id} className={className} aria-labelledby={labelledBy}>
      {content}
    </section>
  ) : (
    <div id={id} className={className}>
      {content}
    </div>
  );
}

/** A part of a page's body: a band with the sections' spacing (`.section`), and `variant`'s classes added (`section-tinted`, `section-flush`, …). */
export function Section({
  variant,
  inner,
  labelledBy,
  id,
  children,
}: {
  variant?: string;
  inner?: string;
  labelledBy?: string;
  id?: string;
  children: ReactNode;
}) {
  return (
    <Band className={variant ? `section ${variant}` : "section"} inner={inner} labelledBy={labelledBy} id={id}>
      {children}
    </Band>
  );
}
