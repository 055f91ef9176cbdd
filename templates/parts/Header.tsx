import type { ReactNode } from "react";
import type { Business } from "../../scripts/data/model.ts";
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
 * Every page's header: the business's mark, linked to the home page, and the menu. The mark is a
 * feature's when one gives it (the "mark" place: the owner's logo, features/brand/), else the
 * shovel and the name.
 */
export function Header({ business, currentPath, mark }: { business: Business; currentPath: string; mark?: ReactNode }) {
  return (
    <header className="site-header">
      <div className="container header-bar">
        <a className="brand" href={HOME_PATH}>
          {mark ?? (
            <>
              <Icon name="shovel" size={28} className="brand-mark" />
              <span>{business.name}</span>
            </>
          )}
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
