// The 1200×630 link-preview image, drawn by satori (flexbox only, inline style objects).
// It never reaches a visitor's browser as markup: satori turns it into SVG, resvg into PNG.
import type { CSSProperties } from "react";
import { SOCIAL_IMAGE_SIZE, type SocialCardData } from "../../scripts/site/social.ts";

const COLOURS = { dark: "#1d2329", accent: "#f2b300", clay: "#8a5a2b", paper: "#f5f2ec" } as const;

const row: CSSProperties = { display: "flex", flexDirection: "row", alignItems: "center" };
const column: CSSProperties = { display: "flex", flexDirection: "column" };

/** A title that fits in two lines at 68px gets the large size; longer ones step down. */
function titleSize(title: string): number {
  if (title.length <= 26) return 76;
  if (title.length <= 40) return 64;
  return 54;
}

export function SocialCard({ card }: { card: SocialCardData }) {
  return (
    <div
      style={{
        ...column,
        width: SOCIAL_IMAGE_SIZE.width,
        height: SOCIAL_IMAGE_SIZE.height,
        backgroundColor: COLOURS.paper,
        fontFamily: "Inter",
        color: COLOURS.dark,
      }}
    >
      <div
        style={{
          ...row,
          height: 124,
          padding: "0 64px",
          backgroundColor: COLOURS.dark,
          color: COLOURS.paper,
        }}
      >
        {card.mark ? (
          <div
            style={{
              ...row,
              ...(card.mark.plated ? { padding: "8px 14px", borderRadius: 12, backgroundColor: "#ffffff" } : {}),
            }}
          >
            <img src={card.mark.src} width={card.mark.width} height={card.mark.height} alt="" />
          </div>
        ) : (
          <>
            <img src={card.brandIcon} width={52} height={52} alt="" />
            <div style={{ marginLeft: 22, fontSize: 38, fontWeight: 800 }}>{card.businessName}</div>
          </>
        )}
      </div>
      <div style={{ ...row, flexGrow: 1, padding: "0 64px" }}>
        <div style={{ ...column, flexGrow: 1, flexShrink: 1, paddingRight: 48 }}>
          <div
            style={{
              fontSize: 30,
              fontWeight: 800,
              color: COLOURS.clay,
              letterSpacing: 1,
              textTransform: "uppercase",
            }}
          >
            {card.eyebrow}
          </div>
          <div style={{ marginTop: 18, fontSize: titleSize(card.title), fontWeight: 800, lineHeight: 1.1 }}>
            {card.title}
          </div>
          <div style={{ marginTop: 24, fontSize: 32, fontWeight: 400, lineHeight: 1.3 }}>{card.subtitle}</div>
        </div>
        <div
          style={{
            ...row,
            justifyContent: "center",
            width: 220,
            height: 220,
            flexShrink: 0,
            borderRadius: 32,
            backgroundColor: COLOURS.dark,
          }}
        >
          <img src={card.subjectIcon} width={128} height={128} alt="" />
        </div>
      </div>
      <div
        style={{
          ...row,
          justifyContent: "space-between",
          height: 112,
          padding: "0 64px",
          backgroundColor: card.accent?.background ?? COLOURS.accent,
          color: card.accent?.text ?? COLOURS.dark,
          fontSize: 36,
          fontWeight: 800,
        }}
      >
        <div>Free estimates</div>
        <div>Call {card.phone}</div>
      </div>
    </div>
  );
}
