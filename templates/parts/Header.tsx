import type { Business } from "../../scripts/data/model.ts";
import { logoFile, logoSize } from "../../scripts/site/brand.ts";
import { Icon } from "./Icon.tsx";
import { CONTACT_PATH, HOME_PATH, SERVICES_PATH, TOWNS_PATH } from "../../scripts/site/urls.ts";

const NAV_LINKS = [
  { href: HOME_PATH, label: "Home" },
  { href: SERVICES_PATH, label: "Services" },
  { href: TOWNS_PATH, label: "Service Area" },
] as const;

function isCurrent(href: string, currentPath: string): boolean {
  return href === "/" ? currentPath === "/" : currentPath === href || currentPath.startsWith(`${href}/`);
}

/**
 * The business's mark, linked to the home page: the owner's logo, standing for the name (its text
 * alternative is the name unless site.yaml says other words), at the header's fixed height with its
 * width and height set, so that nothing moves as it arrives; a dark logo made for white paper on a
 * light plate (data/brand.ts measures it). Without a logo, the shovel and the name.
 */
function Brand({ business }: { business: Business }) {
  const { logo } = business.brand;
  if (!logo) {
    return (
      <>
        <Icon name="shovel" size={28} className="brand-mark" />
        <span>{business.name}</span>
      </>
    );
  }
  const { width, height } = logoSize(logo.image);
  return (
    <img
      className={logo.image.readsOnDark ? "brand-logo" : "brand-logo brand-logo-plate"}
      src={`/${logoFile(logo.image)}`}
      width={width}
      height={height}
      alt={logo.alt}
    />
  );
}

export function Header({ business, currentPath }: { business: Business; currentPath: string }) {
  return (
    <header className="site-header">
      <div className="container header-bar">
        <a className="brand" href={HOME_PATH}>
          <Brand business={business} />
        </a>
        <nav className="site-nav" aria-label="Main">
          <button
            type="button"
            className="menu-button"
            aria-expanded="false"
            aria-controls="site-menu"
            data-menu-button=""
          >
            <Icon name="menu" size={22} className="icon icon-open" />
            <Icon name="x" size={22} className="icon icon-close" />
            <span>Menu</span>
          </button>
          <ul className="nav-list" id="site-menu">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={isCurrent(link.href, currentPath) ? "page" : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a className="button button-accent" href={CONTACT_PATH}>
                Get a Free Estimate
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
