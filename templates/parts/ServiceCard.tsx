import type { Service } from "../../scripts/data/schema.ts";
import { servicePath } from "../../scripts/site/urls.ts";
import { Icon } from "./Icon.tsx";

/** A service in a grid: icon, name, description and a Learn More link to its page. */
export function ServiceCard({ service, headingLevel }: { service: Service; headingLevel: "h2" | "h3" }) {
  const Heading = headingLevel;
  const href = servicePath(service);
  return (
    <li className="card">
      <Icon name={service.icon} size={32} className="icon card-icon" />
      <Heading className="card-title">
        <a href={href}>{service.name}</a>
      </Heading>
      <p>{service.description}</p>
      <a className="button button-outline button-small" href={href}>
        Learn More<span className="visually-hidden"> about {service.name}</span>
      </a>
    </li>
  );
}
